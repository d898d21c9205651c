import { isBlankDraft, type PuzzleDraft } from '../../../core/puzzle-draft';
import { SCHEMAS } from '../../../core/record-schemas';
import { STORED_ITEMS } from '../../../core/stored-items';
import { todayUtc } from '../clock';
import { readRecord, writeRecord } from './storage';
import { fromRecord, toRecord } from './stored-record';

/**
 * The puzzle a player is making (/create): kept in memory for the visit, and with consent also in
 * localStorage (`linchpin_puzzle_draft`, core/stored-items.ts), so a reload finds it as typed.
 */
let inMemory: PuzzleDraft | null | undefined;
const RECORD = STORED_ITEMS.draft.name;

/**
 * The draft being made, or null: read from storage once, then the same object until it changes
 * (a store React can read). A malformed or expired stored draft counts as none.
 */
export function readDraft(): PuzzleDraft | null {
  inMemory ??= readRecord(RECORD, fromRecord(SCHEMAS.draft, todayUtc()));
  return inMemory;
}

/** Keeps the draft as typed; a blank one is forgotten. */
export function keepDraft(draft: PuzzleDraft): void {
  const blank = isBlankDraft(draft);
  inMemory = blank ? null : draft;
  writeRecord(RECORD, blank ? null : toRecord(draft, STORED_ITEMS.draft.days));
}

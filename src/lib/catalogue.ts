import { loaders, summaries } from 'virtual:puzzle-index';
import { playablePuzzles } from '../../core/daily';
import type { Puzzle, PuzzleSummary } from '../../core/puzzle';

const cache = new Map<string, Promise<Puzzle | null>>();

export function allSummaries(): readonly PuzzleSummary[] {
  return summaries;
}

/** A puzzle that may be played today, or null (unknown id, or dated in the future). */
export function findPlayable(id: string, today: string): PuzzleSummary | null {
  return playablePuzzles(summaries, today).find((summary) => summary.id === id) ?? null;
}

/** Loads a full puzzle (with its solution), each its own chunk; the same promise is reused. */
export function loadPuzzle(id: string): Promise<Puzzle | null> {
  let pending = cache.get(id);
  if (!pending) {
    const loader = loaders[id];
    // Only puzzles that passed the catalogue check at build time have a loader.
    pending = loader ? loader().then((module) => module.default as Puzzle) : Promise.resolve(null);
    cache.set(id, pending);
  }
  return pending;
}

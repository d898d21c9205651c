import { Suspense, use, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ROUTES } from '../../../core/routes';
import {
  backupFileName,
  backupFileText,
  decodeTransfer,
  encodeTransfer,
  readBackupFile,
  transferOf,
  transferPath,
  type ReadTransfer,
  type Transfer,
  type TransferSettings,
} from '../../../core/transfer';
import { boundsOf, type TransferBounds } from '../../../core/transfer-bounds';
import {
  groupsAfterMerge,
  inProgressAfterMerge,
  mergeTransfer,
  summarize,
  type InProgress,
} from '../../../core/transfer-merge';
import { PageLoading } from '../../components/page-loading';
import { ShareableLink } from '../../components/shareable-link';
import { TextPage } from '../../components/text-page';
import { loadPuzzle, loadSummaries } from '../../lib/catalogue';
import { useConsent } from '../../lib/player-data/consent-state';
import { useHydrated } from '../../lib/start-up/hydration';
import { useToday } from '../../lib/page-context';
import { usePlayer } from '../../lib/player-data/player-context';
import { usePreferences } from '../../lib/preferences/preferences';
import { storePreferences } from '../../lib/preferences/stored-preferences';
import { siteAddress } from '../../lib/site-address';
import { readConsent, saveConsent } from '../../lib/player-data/storage';
import { useFragment } from '../../lib/use-fragment';
import { keepMovedGroups, readGroups } from '../../lib/friends/friends-data';
import { fileProblem, groupsText, summaryText, TRANSFER_STRINGS as T } from './transfer-strings';
import '../../components/page-notes.css';
import './transfer.css';

/** The bounds of what a link may hold, from the catalogue (null when it cannot be loaded). */
const boundsByDay = new Map<string, Promise<TransferBounds | null>>();
function boundsOn(today: string): Promise<TransferBounds | null> {
  let bounds = boundsByDay.get(today);
  if (!bounds) {
    bounds = loadSummaries(today).then(
      (summaries) => boundsOf(summaries, today),
      (error: unknown) => {
        console.warn('The puzzles could not be loaded', error);
        return null;
      },
    );
    boundsByDay.set(today, bounds);
  }
  return bounds;
}

/** After adding, the page reloads here: `/transfer?added`. */
const ADDED = 'added';

/**
 * /transfer: "Move your games to another device" (docs/decisions.md). Without a fragment it makes
 * the link (QR code, copy, share sheet) and the backup file; `/transfer#<code>` previews what the
 * link carries beside what this device has, and merges it only when asked. The data is only in
 * the fragment, which no server sees: the page works the same on a static host and offline.
 */
export function TransferPage() {
  const hydrated = useHydrated();
  const fragment = useFragment();
  const { loaded } = usePlayer();
  const view =
    !hydrated || fragment === null || !loaded ? (
      <PageLoading />
    ) : (
      <Suspense fallback={<PageLoading />}>
        <WithBounds fragment={fragment} />
      </Suspense>
    );
  return <TextPage title={T.title}>{view}</TextPage>;
}

function WithBounds({ fragment }: { fragment: string }) {
  const bounds = use(boundsOn(useToday()));
  if (!bounds) {
    return (
      <p className="page-problem" role="alert">
        {T.noCatalogue}
      </p>
    );
  }
  if (new URLSearchParams(window.location.search).has(ADDED)) return <Added />;
  if (fragment.replace(/^#/, '') !== '') {
    return (
      <Opened
        key={fragment}
        read={decodeTransfer(fragment, bounds)}
        source="link"
        bounds={bounds}
      />
    );
  }
  return <Send bounds={bounds} />;
}

function useSettings(): TransferSettings {
  const { difficulty, gameMode, palette, darkMode, seenHowToPlay, seenNote } = usePreferences();
  return { difficulty, gameMode, palette, darkMode, seenHowToPlay, seenNote };
}

/**
 * The code of this device's games, or null if it cannot be made (never expected: `transferOf`
 * keeps only what is within the bounds; then the page says so and restoring from a file works).
 */
function codeOf(transfer: Transfer, bounds: TransferBounds): string | null {
  try {
    return encodeTransfer(transfer, bounds);
  } catch (error) {
    console.warn('The link could not be made', error);
    return null;
  }
}

/** The sending view: the link as a QR code and as text, the share sheet, and the backup file. */
function Send({ bounds }: { bounds: TransferBounds }) {
  const { data } = usePlayer().store;
  const settings = useSettings();
  const today = useToday();
  const consent = useConsent();
  // The device's groups of friends travel too (section 6), read as the page opens.
  const [groups] = useState(readGroups);
  const transfer = useMemo(
    () => transferOf(data, settings, bounds, groups),
    [data, settings, bounds, groups],
  );
  const groupNames = transfer.groups.map((group) => group.name);
  const code = useMemo(() => codeOf(transfer, bounds), [transfer, bounds]);
  // What the link carries (what is outside the bounds stays behind).
  const summary = summarize(transfer, today);
  const [file, setFile] = useState<{ read: ReadTransfer; key: number } | null>(null);
  if (file) {
    return (
      <Opened
        key={file.key}
        read={file.read}
        source="file"
        bounds={bounds}
        onBack={() => setFile(null)}
      />
    );
  }
  const onRead = (read: ReadTransfer) => setFile({ read, key: Date.now() });
  return (
    <>
      <p>{T.sendIntro}</p>
      {consent !== 'accepted' ? <p className="page-note">{T.needConsent}</p> : null}
      {summary.games === 0 && summary.inProgress === 0 && groupNames.length === 0 ? (
        <p className="page-note">{T.nothingYet}</p>
      ) : null}
      {groupNames.length > 0 && code !== null ? (
        <p className="page-note">{T.carriesGroups(groupNames)}</p>
      ) : null}
      {code === null ? (
        <p className="page-problem" role="alert">
          {T.linkFailed}
        </p>
      ) : (
        <ShareableLink
          url={siteAddress() + transferPath(code)}
          id="transfer-link"
          qrLabel={T.qrLabel}
          linkLabel={T.linkLabel}
          shareText={T.shareText}
          caption={T.carries(summary)}
          qrTooLong={T.qrTooLong}
          qrUnavailable={T.qrUnavailable}
        />
      )}
      <Backup code={code} today={today} bounds={bounds} onRead={onRead} />
    </>
  );
}

function Backup({
  code,
  today,
  bounds,
  onRead,
}: {
  /** null: no link could be made, so no file either; restoring still works. */
  code: string | null;
  today: string;
  bounds: TransferBounds;
  onRead: (read: ReadTransfer) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const save = (code: string) => {
    const blob = new Blob([backupFileText(code, today)], { type: 'application/json' });
    const href = URL.createObjectURL(blob);
    const anchor = document.createElement('a');
    anchor.href = href;
    anchor.download = backupFileName(today);
    anchor.click();
    window.setTimeout(() => URL.revokeObjectURL(href), 1000);
  };
  return (
    <section className="transfer-backup" aria-labelledby="backup-title">
      <h2 id="backup-title">{T.backupTitle}</h2>
      <p>{T.backupIntro}</p>
      <div className="transfer-actions">
        {code === null ? null : (
          <button type="button" className="button" onClick={() => save(code)}>
            {T.saveBackup}
          </button>
        )}
        <button type="button" className="button" onClick={() => input.current?.click()}>
          {T.restore}
        </button>
        <input
          ref={input}
          type="file"
          accept="application/json,.json"
          hidden
          aria-label={T.restore}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (chosen) {
              void chosen.text().then(
                (text) => onRead(readBackupFile(text, bounds)),
                () => onRead({ ok: false, problem: 'damaged' }),
              );
            }
          }}
        />
      </div>
    </section>
  );
}

type Step = 'ask' | 'consent' | 'adding' | 'rejected' | 'left' | 'failed';

/** A link or file opened: what it holds, or why it cannot be read. */
function Opened({
  read,
  source,
  bounds,
  onBack,
}: {
  read: ReadTransfer;
  source: 'link' | 'file';
  bounds: TransferBounds;
  onBack?: () => void;
}) {
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);
  if (!read.ok) {
    return (
      <>
        <p ref={heading} className="page-problem" role="alert" tabIndex={-1}>
          {source === 'file' ? fileProblem(read.problem) : T.problems[read.problem]}
        </p>
        <Actions onBack={onBack} />
      </>
    );
  }
  return <Preview transfer={read.transfer} source={source} bounds={bounds} onBack={onBack} />;
}

function Actions({ onBack }: { onBack?: (() => void) | undefined }) {
  return (
    <p className="transfer-actions">
      {onBack ? (
        <button type="button" className="button" onClick={onBack}>
          {T.makeLink}
        </button>
      ) : (
        <Link href={ROUTES.transfer} className="button">
          {T.makeLink}
        </Link>
      )}
      <Link href={ROUTES.home} className="button">
        {T.backHome}
      </Link>
    </p>
  );
}

function Preview({
  transfer,
  source,
  bounds,
  onBack,
}: {
  transfer: Transfer;
  source: 'link' | 'file';
  bounds: TransferBounds;
  onBack?: (() => void) | undefined;
}) {
  const { data } = usePlayer().store;
  const today = useToday();
  const [step, setStep] = useState<Step>('ask');
  const question = useRef<HTMLParagraphElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  useEffect(() => {
    if (step === 'consent') question.current?.focus();
    if (step === 'rejected' || step === 'left' || step === 'failed') status.current?.focus();
  }, [step]);
  const theirs = summarize(transfer, today);
  const mine = summarize(data, today);
  const { leftOut } = inProgressAfterMerge<InProgress>(
    data.games,
    data.history,
    transfer.games,
    transfer.history,
    today,
  );
  const [groupsHere] = useState(readGroups);
  const groups = groupsAfterMerge(groupsHere, transfer.groups);
  const add = () => {
    setStep('adding');
    addToDevice(transfer, bounds.today).catch((error: unknown) => {
      console.warn('Could not add the games', error);
      setStep('failed');
    });
  };
  const done = step === 'rejected' || step === 'left';
  return (
    <section aria-labelledby="preview-title">
      <h2 id="preview-title" ref={title} tabIndex={-1}>
        {T.previewTitle}
      </h2>
      <div className="transfer-compare">
        <section aria-labelledby="theirs-title" className="transfer-side">
          <h3 id="theirs-title">{source === 'file' ? T.inFile : T.inLink}</h3>
          <p>{summaryText(theirs)}</p>
          <GroupsLine names={transfer.groups.map((group) => group.name)} />
          <p className="page-note">{T.lastPlayed(theirs.lastPlayed)}</p>
        </section>
        <section aria-labelledby="mine-title" className="transfer-side">
          <h3 id="mine-title">{T.onDevice}</h3>
          <p>{summaryText(mine)}</p>
          <GroupsLine names={groupsHere.map((group) => group.name)} />
        </section>
      </div>
      <p className="page-note">{T.mergeNote}</p>
      {leftOut > 0 ? <p className="page-note">{T.leftOut(leftOut)}</p> : null}
      {groups.leftOut.length > 0 ? (
        <p className="page-note">{T.groupsLeftOut(groups.leftOut.map((group) => group.name))}</p>
      ) : null}
      {step === 'ask' || step === 'adding' || step === 'failed' ? (
        <div className="transfer-actions">
          <button
            type="button"
            className="button primary"
            disabled={step === 'adding'}
            onClick={() => (readConsent() === 'accepted' ? add() : setStep('consent'))}
          >
            {step === 'adding' ? T.adding : T.add}
          </button>
          <button type="button" className="button" onClick={() => setStep('left')}>
            {T.leave}
          </button>
        </div>
      ) : null}
      {step === 'consent' ? (
        <div className="transfer-consent" role="group" aria-labelledby="transfer-consent-question">
          <p id="transfer-consent-question" ref={question} tabIndex={-1}>
            {T.consentQuestion}
          </p>
          <div className="transfer-actions">
            <button
              type="button"
              className="button primary"
              onClick={() => {
                saveConsent('accepted');
                add();
              }}
            >
              {T.acceptAndAdd}
            </button>
            <button type="button" className="button" onClick={() => setStep('rejected')}>
              {T.reject}
            </button>
          </div>
        </div>
      ) : null}
      <p ref={status} className="page-status" role="status" tabIndex={-1}>
        {step === 'rejected' ? T.rejected : step === 'left' ? T.left : ''}
        {step === 'failed' ? T.failed : ''}
      </p>
      {done ? <Actions onBack={onBack} /> : null}
    </section>
  );
}

/**
 * Merges a link's games into what this device stores (consent is given by now), keeps its
 * settings, and reloads on `/transfer?added`: every part of the app then starts from the merged
 * data, and the fragment leaves the browser's history.
 */
async function addToDevice(transfer: Transfer, today: string): Promise<void> {
  const puzzles = await Promise.all(
    transfer.games.map((game) => loadPuzzle(game.puzzleId).catch(() => null)),
  );
  const words = new Map(puzzles.flatMap((puzzle) => (puzzle ? [[puzzle.id, puzzle.words]] : [])));
  const { loadStoredPlayer } = await import('../../lib/player-data/stored-player');
  const store = loadStoredPlayer(today);
  const kept = store.save(
    mergeTransfer(store.data, transfer, today, (id) => words.get(id) ?? null),
  );
  // Storage full: said as a failure, never as games added.
  if (!kept) throw new Error('The storage refused the games');
  // The groups of both devices, this device's memberships first (core/transfer-merge.ts).
  keepMovedGroups(groupsAfterMerge(readGroups(), transfer.groups).kept);
  storePreferences(transfer.settings);
  window.location.replace(`${ROUTES.transfer}?${ADDED}`);
}

/** After adding: the merged figures. */
function Added() {
  const { data } = usePlayer().store;
  const today = useToday();
  const heading = useRef<HTMLHeadingElement>(null);
  const [groups] = useState(readGroups);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="added-title">
      <h2 id="added-title" ref={heading} tabIndex={-1}>
        {T.addedTitle}
      </h2>
      <p role="status">{T.added(summarize(data, today))}</p>
      <GroupsLine names={groups.map((group) => group.name)} />
      <p className="transfer-actions">
        <Link href={ROUTES.stats} className="button primary">
          {T.seeStats}
        </Link>
        <Link href={ROUTES.home} className="button">
          {T.backHome}
        </Link>
      </p>
    </section>
  );
}

/** "In 2 groups of friends (Family, Work)." — nothing when in none. */
function GroupsLine({ names }: { names: readonly string[] }) {
  return names.length > 0 ? <p>{`In ${groupsText(names)}.`}</p> : null;
}

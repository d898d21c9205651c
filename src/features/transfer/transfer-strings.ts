import { formatDisplayDate } from '../../../core/dates';
import { MAX_GROUPS_PER_DEVICE } from '../../../core/friends';
import { formatCount } from '../../../core/numbers';
import type { TransferProblem } from '../../../core/transfer';
import { TRANSFER_LIMITS } from '../../../core/transfer-bounds';
import type { GamesSummary } from '../../../core/transfer-merge';
import { MOVE_GAMES } from '../../components/move-games-link';

const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/** /transfer's text (a lazily loaded feature keeps its own strings). */
export const TRANSFER_STRINGS = {
  title: MOVE_GAMES,
  sendIntro:
    'Scan this QR code with the camera of your other phone, or open the link there in any browser. Your games travel in the link itself: no account, and our server never sees them.',
  qrLabel: 'QR code of the link to your games',
  linkLabel: 'Link to your games',
  shareText: 'My Linchpin games',
  carries: (s: GamesSummary) => `This link carries ${summaryText(s)}.`,
  qrTooLong:
    'Your games make a link too long for a QR code: copy it, share it, or save a backup file instead.',
  qrUnavailable:
    'The QR code could not be shown: copy the link, share it, or save a backup file instead.',
  linkFailed:
    'A link to your games could not be made on this device. You can still restore games from a file.',
  noCatalogue:
    'The puzzles could not be loaded, so games cannot be moved right now. Check your connection and reload this page.',
  leftOut: (n: number) =>
    `${plural(n, 'game')} in progress would not fit: a device keeps the ${formatCount(TRANSFER_LIMITS.inProgress)} played most recently, so the ${n === 1 ? 'oldest is' : 'oldest are'} left out.`,
  carriesGroups: (names: readonly string[]) =>
    `It also carries your ${groupsText(names)}: the other device takes part in them as you, under your name. Share it only with yourself.`,
  groupsLeftOut: (names: readonly string[]) =>
    `No room for ${groupsText(names)}: a device belongs to at most ${formatCount(MAX_GROUPS_PER_DEVICE)} groups, so ${names.length === 1 ? 'it stays' : 'they stay'} on the other device only. To bring ${names.length === 1 ? 'it' : 'them'} here, leave a group on this device first, then open the link again.`,
  nothingYet: 'There are no games on this device yet: the link carries your settings only.',
  needConsent:
    'This device keeps no games without your consent to cookies, so the link carries only what you played on this visit.',
  backupTitle: 'A copy to keep',
  backupIntro:
    'Save your games in a small file, and restore them from it on this or another device.',
  saveBackup: 'Save a backup file',
  restore: 'Restore from a file',
  previewTitle: 'Add these games to this device?',
  inLink: 'In the link',
  inFile: 'In the file',
  onDevice: 'On this device now',
  lastPlayed: (date: string | null) =>
    date ? `From a device last played on ${formatDisplayDate(date)}.` : 'No game played yet.',
  mergeNote:
    'Nothing is overwritten: every game on either device is kept once, and your streaks are worked out again from all of them. Settings come from the link.',
  add: 'Add to this device',
  leave: 'Leave this device as it is',
  left: 'Nothing was changed on this device.',
  consentQuestion:
    'To keep these games, this device must store them in cookies and local storage. Do you accept?',
  acceptAndAdd: 'Accept and add',
  reject: 'Store nothing',
  rejected:
    'Nothing was stored on this device: the games stay on the other one. You can open the link again at any time.',
  adding: 'Adding…',
  failed: 'The games could not be added on this device. Please try again.',
  addedTitle: 'Your games are on this device',
  added: (s: GamesSummary) => `This device now has ${summaryText(s)}.`,
  seeStats: 'See your statistics',
  makeLink: 'Make a link for another device',
  problems: {
    missing: 'This file holds no games.',
    damaged:
      'This link is damaged: part of it is missing or was changed. Nothing was changed on this device. Make a new link on the other device.',
    newer:
      'This link was made by a newer version of Linchpin. Nothing was changed on this device. Reload this page to get the new version, then open the link again.',
    otherSite:
      "This link holds another site's data, not Linchpin games. Nothing was changed on this device.",
  } satisfies Record<TransferProblem, string>,
  backHome: 'Back to today’s puzzle',
} as const;

/** "2 groups of friends (Family, Work)". */
export const groupsText = (names: readonly string[]): string =>
  `${plural(names.length, 'group')} of friends (${names.join(', ')})`;

/** "312 games, current streak 41, longest 77, 2 games in progress". */
export function summaryText(s: GamesSummary): string {
  return [
    plural(s.games, 'game'),
    `current streak ${formatCount(s.currentStreak)}`,
    `longest ${formatCount(s.longestStreak)}`,
    `${plural(s.inProgress, 'game')} in progress`,
  ].join(', ');
}

/** A problem with a backup file, in the same words as a link's. */
export const fileProblem = (problem: TransferProblem): string =>
  TRANSFER_STRINGS.problems[problem]
    .replace('This link', 'This file')
    .replace('link again', 'file again');

import { STORED_ITEMS, type StoredItem, type StoredItemKey } from './stored-items';

/**
 * What each stored item holds and why, as the privacy page says it: the same table's last columns,
 * kept in a module of its own so the first load's code carries only names and lifetimes (only the
 * privacy page loads this one). Typed by the table's keys, so no item lacks its purpose.
 */
export const STORED_ITEM_PURPOSES: Record<StoredItemKey, { purpose: string; lifetime?: string }> = {
  consent: {
    purpose: 'Your answer to the cookie question: "accepted" or "rejected".',
  },
  difficulty: {
    purpose: 'The difficulty you chose: Easy or Normal.',
  },
  colorMode: {
    purpose: 'The colour palette: default or colour-blind friendly.',
  },
  darkMode: {
    purpose: 'Whether you chose the dark theme.',
  },
  seenHowToPlay: {
    purpose: 'That you have seen How to Play, so it is not shown again.',
  },
  seenNote: {
    purpose: "That you have read the author's note, so its dot stops pulsing.",
  },
  gameMode: {
    purpose: 'The game mode you chose.',
  },
  dailyStats: {
    purpose: 'Your current and longest streak and the day you last played.',
  },
  usedRandom: {
    purpose: 'Which random puzzles you have been given, so they do not repeat soon.',
  },
  dailyPuzzle: {
    purpose: 'Whether you finished today’s puzzle and solved it, with your tries.',
  },
  randomDaily: {
    purpose: 'Which older puzzle stands in on a day without a new one.',
  },
  completion: {
    purpose:
      'One per puzzle you finished: its date, its id, whether you solved it, your score and tries.',
  },
  history: {
    purpose:
      'Every finished game (date, puzzle, tries, and whether it was the daily puzzle), for your statistics and streaks.',
  },
  games: {
    purpose:
      'The games you have started and not finished (and today’s puzzle once finished): where each word sits, your groups and your tries, so you find the board as you left it.',
    lifetime: 'The last 30 days of play, at most 20 games; today’s puzzle until midnight UTC',
  },
  draft: {
    purpose:
      'The puzzle you are making on Make Your Own Puzzle, as you typed it, so it is still there after a reload.',
  },
  crowdId: {
    purpose:
      'A random number made by this browser, sent with each result for the crowd’s figures so that one browser counts once per puzzle. It says nothing about you or your device.',
  },
  crowdPending: {
    purpose:
      'Results for the crowd’s figures not sent yet (offline, or our server did not answer), sent on your next visit: the puzzle, the mode, won or lost, the tries, and which groups each try got right.',
    lifetime: 'Until it is sent, at most 30 days and 20 results',
  },
  friendGroups: {
    purpose:
      'The groups of friends you are in on this device: each group’s name and invite code, and your member id and secret, which let only you post your results and change your name there. They go with your games in a link or backup file you make to move them to another device.',
  },
  friendResult: {
    purpose:
      'Today’s result (won or lost, the tries and the grid of squares) until each of your groups has it, and so that a group you join today gets it too.',
  },
  friendViews: {
    purpose:
      'The last table seen of each of your groups, with its time, so the group’s page shows it offline.',
  },
  reminder: {
    purpose:
      'Your daily reminder: whether it is on, its hour, whether only if you have not played yet, the address our server sends it to (while it is on), and the day it was last renewed. Beside it, in the browser’s cache, the last day you finished today’s puzzle here and your streak, so the reminder knows whether to show.',
  },
};

/** The privacy page's words for how long an item is kept. */
export function lifetimeText(key: StoredItemKey): string {
  const item: StoredItem = STORED_ITEMS[key];
  const words = STORED_ITEM_PURPOSES[key].lifetime;
  if (words) return words;
  const days = item.days === 1 ? '1 day' : `${item.days} days`;
  return item.where === 'cookie' ? days : `${days} after it was last written`;
}

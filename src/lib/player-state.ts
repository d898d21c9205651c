import { chooseDailyPuzzle, pickRandomOlder, type RandomDailyRecord } from '../../core/daily';
import { allSummaries } from './catalogue';
import { random } from './clock';

/**
 * What the app remembers between games in this tab: the random-daily pick and the used random
 * list. Kept in memory; the consent-gated storage module takes over when it lands.
 */
const memory: { randomDaily: RandomDailyRecord | null; usedRandom: string[] } = {
  randomDaily: null,
  usedRandom: [],
};

/** Today's puzzle id, choosing (and remembering) a random older one for a day without its own. */
export function dailyPuzzleId(today: string): string | null {
  const choice = chooseDailyPuzzle(
    allSummaries(),
    today,
    memory.randomDaily,
    memory.usedRandom,
    random,
  );
  memory.randomDaily = choice.cache;
  memory.usedRandom = choice.usedIds;
  return choice.puzzleId;
}

/** A random puzzle dated before today, not shown before until all have been. */
export function nextRandomPuzzleId(today: string): string | null {
  const pick = pickRandomOlder(allSummaries(), today, memory.usedRandom, random);
  memory.usedRandom = pick.usedIds;
  return pick.puzzleId;
}

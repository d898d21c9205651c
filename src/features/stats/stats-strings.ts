/**
 * /stats' text (a lazily loaded feature keeps its own strings: the first visit's code carries only
 * the text every page needs).
 */
export const STATS_STRINGS = {
  title: 'Statistics',
  needConsent: 'You need to accept cookies to save and view your game statistics.',
  played: 'Played',
  won: 'Won',
  winPercent: 'Win %',
  currentStreak: 'Current Streak',
  maxStreak: 'Max Streak',
  distribution: 'Guess Distribution',
  noWins: 'Win a puzzle and your tries will show here.',
  barLabel: (tries: number, count: number, latest: boolean) =>
    `${count} ${count === 1 ? 'win' : 'wins'} in ${tries} ${tries === 1 ? 'try' : 'tries'}${latest ? ', your latest game' : ''}`,
} as const;

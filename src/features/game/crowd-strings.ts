import { formatCount } from '../../../core/numbers';

/** The "Today's crowd" panel's text (src/features/game/crowd-panel.tsx). */
const players = (n: number) => `${formatCount(n)} ${n === 1 ? 'player' : 'players'}`;

export const CROWD_STRINGS = {
  todayTitle: "Today's crowd",
  dayTitle: (date: string) => `The crowd of ${date}`,
  unavailable: "The crowd's figures are unavailable right now.",
  tooFew: (count: number, minimum: number) =>
    `Too few results so far to say how everyone did: ${players(count)} of the ${minimum} needed.`,
  played: 'Played',
  solved: 'Solved',
  averageTries: 'Average tries',
  averageNone: '–',
  summary: (count: number, solved: number, rate: number, average: number | null) =>
    `${players(count)} finished this puzzle. ${formatCount(solved)} of them (${rate}%) solved it` +
    (average === null ? '.' : `, in ${average.toFixed(1)} tries on average.`),
  distribution: 'Tries of those who solved it',
  barLabel: (tries: number, count: number) =>
    `${tries} ${tries === 1 ? 'try' : 'tries'}: ${players(count)}`,
  foundLast: (category: string, count: number, of: number) =>
    `Found last most often: “${category}”, by ${formatCount(count)} of the ${formatCount(of)} solvers who found one group after the others.`,
  noFoundLast: 'No group stood out as the one found last.',
} as const;

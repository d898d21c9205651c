/**
 * The How to Play demo's timeline (docs/spec.md §4): each word takes 600 ms, then a 700 ms pause, then
 * 1200 ms showing the solved board before the loop restarts.
 */
export const DEMO_WORD_MS = 600;
export const DEMO_PAUSE_MS = 700;
export const DEMO_RESTART_MS = 1200;

/** A small puzzle of the project's own: Trunk is a tree part, luggage, a nose and car storage. */
export const DEMO_WORDS = [
  'Bark',
  'Suitcase',
  'Tusk',
  'Hood',
  'Trunk',
  'Branch',
  'Ear',
  'Backpack',
  'Bumper',
] as const;
export const DEMO_GROUPS = [
  { name: 'Parts of a tree', words: ['Trunk', 'Bark', 'Branch'] },
  { name: 'Luggage', words: ['Trunk', 'Suitcase', 'Backpack'] },
  { name: 'Parts of an elephant', words: ['Trunk', 'Tusk', 'Ear'] },
  { name: 'Parts of a car', words: ['Trunk', 'Hood', 'Bumper'] },
] as const;

/** The clicks the demo plays, in order: each word with the group it joins. */
export const DEMO_STEPS = DEMO_GROUPS.flatMap((group, index) =>
  group.words.map((word) => ({ word, group: index })),
);

export const DEMO_CYCLE_MS = DEMO_STEPS.length * DEMO_WORD_MS + DEMO_PAUSE_MS + DEMO_RESTART_MS;

export interface DemoFrame {
  /** How many steps have played. */
  steps: number;
  /** Every group is complete and the board shows as solved. */
  solved: boolean;
}

/** What the demo shows `elapsed` ms after it started; `still` (reduced motion) is the solved board. */
export function demoFrame(elapsed: number, still = false): DemoFrame {
  if (still) return { steps: DEMO_STEPS.length, solved: true };
  const t = ((elapsed % DEMO_CYCLE_MS) + DEMO_CYCLE_MS) % DEMO_CYCLE_MS;
  const steps = Math.min(DEMO_STEPS.length, Math.floor(t / DEMO_WORD_MS));
  const solved = t >= DEMO_STEPS.length * DEMO_WORD_MS + DEMO_PAUSE_MS;
  return { steps, solved };
}

/** The groups each word is in after `steps` steps. */
export function demoGroupsOf(word: string, steps: number): number[] {
  return DEMO_STEPS.slice(0, steps)
    .filter((step) => step.word === word)
    .map((step) => step.group);
}

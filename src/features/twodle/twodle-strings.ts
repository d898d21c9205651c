/** Visible text of a lazily loaded feature; the shell's text is in src/strings.ts. */
export const TWODLE_STRINGS = {
  title: 'Twodle',
  kicker: 'Coming soon',
  lead: 'Twodle is Linchpin’s sister game: two words, one new word.',
  howItWorks:
    'Each round shows two halves that snap together into a new word, like Rain + Bow = Rainbow. Find the missing half in as few guesses as you can.',
  videoLabel: 'Twodle demo video',
  videoDescription:
    'What the demo shows: the Twodle title appears; the tiles “Rain” and “Bow” slide together and turn green to make “Rainbow”; then “Fire” and “Fly” join to make “Firefly”; it ends on “Coming soon”. The video has no sound.',
  invite:
    'Twodle is not ready yet. Come back soon to play it, and in the meantime today’s Linchpin is waiting.',
  playLinchpin: "Play Today's Puzzle",
} as const;

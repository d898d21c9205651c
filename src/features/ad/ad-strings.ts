/** Visible text of a lazily loaded feature; the shell's text is in src/strings.ts. */
export const AD_STRINGS = {
  title: 'Quick Break',
  thanks: 'Thank you for supporting Linchpin by viewing our sponsors.',
  slotLabel: 'Advertisement',
  continue: 'Continue',
  continueIn: (seconds: number) => `Continue in ${seconds}s`,
  unavailable: 'Advertisement unavailable',
  blockers: 'Please ensure ad blockers are disabled',
  error: (message: string) => `Error: ${message}`,
} as const;

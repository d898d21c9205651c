/** The Share dialog's text. */
export const SHARE_STRINGS = {
  title: 'Share',
  copied: 'Message copied!',
} as const;

/** The Share dialog's text. */
export const SHARE_STRINGS = {
  title: 'Share',
  copied: 'Message copied!',
  copy: 'Copy',
  /** Opens the system's share sheet (touch devices that have one). */
  otherApps: 'Other apps',
  copyBlocked: 'Copying was blocked. Select the text and copy it yourself:',
} as const;

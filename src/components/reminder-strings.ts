/** The daily reminder's text (src/components/reminder-setting.tsx), loaded only with it. */
export const REMINDER_STRINGS = {
  title: 'Daily reminder',
  help: 'A notification at your hour when today’s puzzle is still waiting.',
  time: 'Remind me at',
  timeHelp: (zone: string) => `Your local time (${zone}).`,
  onlyIfNotPlayed: 'Only if I haven’t played yet',
  unsupported:
    'This browser can’t send reminders. Chrome, Edge and Firefox can, on a computer or on Android, and Safari on an iPhone or iPad once Linchpin is on the Home Screen.',
  iosNotInstalled:
    'Add Linchpin to your Home Screen first: in Safari, tap Share, then “Add to Home Screen”, and open Linchpin from there to turn the reminder on.',
  denied:
    'Notifications are blocked for this site. To get the reminder, allow notifications for Linchpin in your browser’s site settings (the icon beside the address), then come back here.',
  noConsent:
    'The reminder is kept on this device, which needs your consent to store data (the cookie question).',
  accept: 'Accept cookies',
  notAllowed: 'Notifications were not allowed, so the reminder stays off.',
  serverDown: 'Our server could not be reached, so the reminder stays off. Try again in a moment.',
  subscribeFailed:
    'This browser could not set up the reminder, so it stays off. Reload the page and try again.',
  changeFailed:
    'Your change was not saved: our server could not be reached. Try again in a moment.',
  lostPermission:
    'Your reminder was turned off because notifications are no longer allowed for this site.',
  lostSubscription:
    'Your reminder was turned off because this browser dropped it. Turn it on again to get it back.',
  working: 'Setting up the reminder…',
  saved: (time: string) => `Reminder on: every day at ${time}, your time.`,
  off: 'Reminder off.',
} as const;

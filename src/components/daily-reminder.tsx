import { lazy, Suspense } from 'react';

const ReminderSetting = lazy(() =>
  import('./reminder-setting').then((m) => ({ default: m.ReminderSetting })),
);

/**
 * "Daily reminder" where Settings and the finished game's result show it: its code (the setting,
 * the subscription, zod/mini) loads only when one of them opens, never with the first screen.
 */
export function DailyReminder() {
  return (
    <Suspense fallback={null}>
      <ReminderSetting />
    </Suspense>
  );
}

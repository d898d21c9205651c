import { utcDate } from '../../core/dates';

/** The browser's clock and randomness: the only place the app reads them. */
export const now = (): number => Date.now();
export const todayUtc = (): string => utcDate(now());
export const random = (): number => Math.random();

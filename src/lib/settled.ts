/** A promise React's `use` reads at once, with no suspense, once it has settled. */
export type Settled<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

/** Marks a promise's value on it when it resolves (what `use` looks for). */
export function settling<T>(promise: Promise<T>): Settled<T> {
  const marked: Settled<T> = promise.then(
    (value) => Object.assign(marked, { status: 'fulfilled' as const, value }).value,
  );
  return marked;
}

/** An already-settled promise of a value. */
export function settled<T>(value: T): Settled<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value });
}

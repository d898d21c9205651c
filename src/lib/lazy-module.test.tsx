import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './lazy-module';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

function page(Component: React.ComponentType<{ name: string }>) {
  return (
    <Suspense fallback={<p>Loading</p>}>
      <Component name="Ada" />
    </Suspense>
  );
}

describe('preloadable', () => {
  it('shows the fallback until the code is here, then the component; the code is fetched once', async () => {
    let arrive = () => {};
    const fetch = vi.fn(
      () => new Promise<typeof Greeting>((resolve) => (arrive = () => resolve(Greeting))),
    );
    const { Component, load } = preloadable(fetch);
    await act(async () => {
      render(page(Component));
      await Promise.resolve();
    });
    expect(screen.getByText('Loading')).toBeInTheDocument();
    void load();
    await act(async () => {
      arrive();
      await load();
    });
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('renders at once, without the fallback, once its code was warmed', async () => {
    const { Component, load } = preloadable(() => Promise.resolve(Greeting));
    await load();
    render(page(Component));
    // In the first commit: a hydrating page is never replaced by the fallback.
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('tries a failed load again on the next call', async () => {
    const fetch = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Greeting);
    const { Component, load } = preloadable(fetch);
    await expect(load()).rejects.toThrow('offline');
    await load();
    render(page(Component));
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

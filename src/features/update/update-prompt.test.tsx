import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceWorkerOptions } from '../../lib/service-worker';
import { UPDATE_STRINGS } from '../../strings';
import { startUpdates } from './start-updates';
import { UpdatePrompt } from './update-prompt';

describe('UpdatePrompt', () => {
  it('shows nothing but an empty polite live region while there is no new version', () => {
    render(<UpdatePrompt apply={null} onDismiss={() => {}} />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says a new version is ready, and reloads or dismisses only when the player chooses', async () => {
    const user = userEvent.setup();
    const apply = vi.fn();
    const onDismiss = vi.fn();
    render(<UpdatePrompt apply={apply} onDismiss={onDismiss} />);
    expect(screen.getByRole('status')).toHaveTextContent('A new version of Linchpin is ready.');
    expect(apply).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('appears without taking focus from the game', () => {
    const board = (apply: (() => void) | null) => (
      <>
        <button type="button">Category 1</button>
        <UpdatePrompt apply={apply} onDismiss={() => {}} />
      </>
    );
    const { rerender } = render(board(null));
    const circle = screen.getByRole('button', { name: 'Category 1' });
    circle.focus();
    rerender(board(() => {}));
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
    expect(circle).toHaveFocus();
  });
});

describe('startUpdates', () => {
  afterEach(() => {
    document.querySelector('.update-root')?.remove();
  });

  async function start() {
    let options: ServiceWorkerOptions | undefined;
    await act(() =>
      startUpdates((given) => {
        options = given;
        return Promise.resolve();
      }),
    );
    if (!options) throw new Error('the service worker was not registered');
    return options;
  }

  it('registers the service worker and shows the prompt only once a version is waiting', async () => {
    const { onUpdateReady } = await start();
    expect(screen.queryByText(UPDATE_STRINGS.ready)).toBeNull();

    const apply = vi.fn();
    act(() => onUpdateReady(apply));
    expect(screen.getByText(UPDATE_STRINGS.ready)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('hides the prompt when dismissed, and shows it again for a later version', async () => {
    const { onUpdateReady } = await start();
    act(() => onUpdateReady(() => {}));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(UPDATE_STRINGS.ready)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();

    act(() => onUpdateReady(() => {}));
    expect(screen.getByText(UPDATE_STRINGS.ready)).toBeVisible();
  });
});

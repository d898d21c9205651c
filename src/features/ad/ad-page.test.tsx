import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AdPage } from './ad-page';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function renderAt(path: string) {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AdPage />
    </Router>,
  );
  return location;
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('AdPage (Quick Break)', () => {
  it('keeps Continue disabled through a 5-second countdown, then goes to the game it came from', async () => {
    const location = renderAt('/ad?puzzleId=puzzle_12&mode=play');
    expect(screen.getByRole('heading', { level: 1, name: 'Quick Break' })).toBeInTheDocument();
    expect(
      screen.getByText('Thank you for supporting Linchpin by viewing our sponsors.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue in 5s' })).toBeDisabled();

    await advance(1000);
    expect(screen.getByRole('button', { name: 'Continue in 4s' })).toBeDisabled();
    await advance(1000);
    await advance(1000);
    await advance(1000);
    expect(screen.getByRole('button', { name: 'Continue in 1s' })).toBeDisabled();
    await advance(999);
    expect(screen.getByRole('button', { name: 'Continue in 1s' })).toBeDisabled();
    await advance(1);
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeEnabled();

    fireEvent.click(next);
    expect(location.history.at(-1)).toBe('/game?puzzleId=puzzle_12&mode=play');
  });

  it('shows the ad failure state when no ad client is configured', () => {
    renderAt('/ad');
    const slot = screen.getByRole('region', { name: 'Advertisement' });
    expect(slot).toHaveTextContent('Advertisement unavailable');
    expect(slot).toHaveTextContent('Please ensure ad blockers are disabled');
    expect(slot).toHaveTextContent('Error: AdSense: adClient and adSlot are required props.');
    expect(document.querySelector('script[src*="googlesyndication"]')).toBeNull();
  });
});

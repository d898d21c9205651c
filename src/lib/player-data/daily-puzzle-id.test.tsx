import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { summary } from '../../../core/test/fixtures';
import { EMPTY_PLAYER, type PlayerData, type PlayerStore } from '../../../core/records';
import { useDailyPuzzleId } from './player-context';

// Older puzzles only: today has none, so a random older one stands in and is remembered.
const SUMMARIES = [summary('puzzle_1', '2026-01-01'), summary('puzzle_2', '2026-01-02')];
const TODAY = '2026-11-22';

function store(): PlayerStore & { saved: PlayerData[] } {
  let data = EMPTY_PLAYER;
  const saved: PlayerData[] = [];
  return {
    saved,
    get data() {
      return data;
    },
    save: vi.fn((next: PlayerData) => {
      saved.push(next);
      data = next;
      return true;
    }),
  };
}

function Daily({ player }: { player: PlayerStore }) {
  return <p>{useDailyPuzzleId(player, SUMMARIES, TODAY)}</p>;
}

describe('useDailyPuzzleId', () => {
  it('writes nothing while rendering (a server render runs no effects and saves nothing)', () => {
    const player = store();
    const html = renderToString(<Daily player={player} />);
    expect(html).toMatch(/puzzle_[12]/);
    expect(player.save).not.toHaveBeenCalled();
  });

  it('remembers the stand-in puzzle after the render that shows it', () => {
    const player = store();
    const { container } = render(<Daily player={player} />);
    expect(player.saved).toHaveLength(1);
    expect(player.saved[0]?.randomDaily).toEqual({
      puzzleId: container.textContent,
      date: TODAY,
      isRandom: true,
    });
  });
});

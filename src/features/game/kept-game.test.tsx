import { render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createGame, gameReducer } from '../../../core/game/engine';
import { seededRandom, seedOf } from '../../../core/game/random';
import { snapshotGame } from '../../../core/game/restore-game';
import { EMPTY_PLAYER, type DailyCompletion } from '../../../core/records';
import { groupWords, ringPuzzle } from '../../../core/test/fixtures';
import { ModalProvider } from '../../components/modal-context';
import { keepGameStateSoon } from '../../lib/player-data/kept-games';
import { GameActivityProvider } from '../../lib/preferences/game-activity';
import { PreferencesProvider } from '../../lib/preferences/preferences';
import { GameBoard } from './game-board';
import { keptGameOf, useKeptGame, type KeptGame } from './use-kept-game';

vi.mock('../../lib/player-data/kept-games', () => ({ keepGameStateSoon: vi.fn() }));
const keptMoves = vi.mocked(keepGameStateSoon);
beforeEach(() => keptMoves.mockClear());

const TODAY = ringPuzzle.date;

/** A game on the board's own layout with one wrong try submitted, then cleared: "Try 2 of 6". */
function oneWrongTry(): KeptGame {
  const fresh = createGame(ringPuzzle, {
    difficulty: 'normal',
    random: seededRandom(seedOf(`${ringPuzzle.id}:normal`)),
  });
  const wrong = groupWords(fresh, [
    ['Ring', 'Chime', 'Necklace'],
    ['Ring', 'Toll', 'Bracelet'],
    ['Ring', 'Ropes', 'Oval'],
    ['Ring', 'Corner', 'Loop'],
  ]);
  const state = gameReducer(gameReducer(wrong, { type: 'submit' }), { type: 'clearAll' });
  return { saved: snapshotGame(state, { playedOn: TODAY, daily: true }), finished: null };
}

function Board({ kept }: { kept: KeptGame | null }) {
  return (
    <PreferencesProvider initial={{}}>
      <GameActivityProvider>
        <ModalProvider>
          <GameBoard puzzle={ringPuzzle} pageMode="play" isDaily today={TODAY} kept={kept} />
        </ModalProvider>
      </GameActivityProvider>
    </PreferencesProvider>
  );
}

const tile = (word: string) => screen.getByRole('button', { name: new RegExp(`^${word}(,|$)`) });
const tiles = () => within(screen.getByRole('group', { name: 'Words' })).getAllByRole('button');

describe('a kept game arriving after the board opened', () => {
  it('is taken in once by the same board; a move made before it gives way to it, and the arrival is not kept as a move', async () => {
    const user = userEvent.setup();
    const view = render(<Board kept={null} />);
    const drawn = tiles();
    expect(screen.getByText('Try 1 of 6')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Category 1' }));
    await user.click(tile('Oval'));
    expect(tile('Oval')).toHaveAccessibleName('Oval, in group 1');
    const movesBefore = keptMoves.mock.calls.length;
    expect(movesBefore).toBeGreaterThan(0);

    const kept = oneWrongTry();
    view.rerender(<Board kept={kept} />);
    expect(screen.getByText('Try 2 of 6')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Your tries' }).querySelectorAll('li')).toHaveLength(1);
    // The kept game, not the move made before it arrived.
    expect(tile('Oval')).toHaveAccessibleName('Oval');
    // The same elements, laid out again; taking it in is not a move to keep.
    tiles().forEach((button, index) => expect(button).toBe(drawn[index]));
    expect(keptMoves).toHaveBeenCalledTimes(movesBefore);

    // A move after it is kept, and the same kept game handed in again does not undo it.
    await user.click(screen.getByRole('button', { name: 'Category 2' }));
    await user.click(tile('Oval'));
    expect(keptMoves.mock.calls.length).toBeGreaterThan(movesBefore);
    view.rerender(<Board kept={kept} />);
    expect(tile('Oval')).toHaveAccessibleName('Oval, in group 2');
    expect(screen.getByText('Try 2 of 6')).toBeInTheDocument();
  });

  it('when nothing is kept, leaves the board and its moves as they are', async () => {
    const user = userEvent.setup();
    const view = render(<Board kept={null} />);
    await user.click(screen.getByRole('button', { name: 'Category 3' }));
    await user.click(tile('Loop'));
    view.rerender(<Board kept={null} />);
    expect(tile('Loop')).toHaveAccessibleName('Loop, in group 3');
  });

  it('opens on a kept game that is there from the first render, with no move kept', () => {
    render(<Board kept={oneWrongTry()} />);
    expect(screen.getByText('Try 2 of 6')).toBeInTheDocument();
    expect(keptMoves).not.toHaveBeenCalled();
  });
});

describe('useKeptGame', () => {
  const left = oneWrongTry();

  it('reads nothing until the player’s data is here, then reads once and keeps what it read', () => {
    const read = vi.fn<() => KeptGame | null>(() => left);
    const hook = renderHook(({ loaded }) => useKeptGame(loaded, read, 'normal'), {
      initialProps: { loaded: false },
    });
    expect(hook.result.current).toBeNull();
    expect(read).not.toHaveBeenCalled();

    hook.rerender({ loaded: true });
    expect(hook.result.current).toBe(left);
    // The player's data changes with every move kept: what was read stays.
    read.mockReturnValue({ saved: null, finished: null });
    hook.rerender({ loaded: true });
    expect(hook.result.current).toBe(left);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reads at once when the data is already here, and once only when nothing is kept', () => {
    const read = vi.fn<() => KeptGame | null>(() => null);
    const hook = renderHook(() => useKeptGame(true, read, 'normal'));
    hook.rerender();
    expect(hook.result.current).toBeNull();
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reads again when the board opens anew for another difficulty, not on the board’s moves', () => {
    const read = vi.fn<() => KeptGame | null>(() => null);
    const hook = renderHook(({ board }) => useKeptGame(true, read, board), {
      initialProps: { board: 'normal' },
    });
    // The daily ends on this board: the data now holds its result.
    read.mockReturnValue(left);
    hook.rerender({ board: 'normal' });
    expect(hook.result.current).toBeNull();
    hook.rerender({ board: 'easy' });
    expect(hook.result.current).toBe(left);
    expect(read).toHaveBeenCalledTimes(2);
  });
});

describe('keptGameOf', () => {
  const finished: DailyCompletion = {
    completed: true,
    won: true,
    date: TODAY,
    score: 4,
    attempts: 2,
  };
  const saved = oneWrongTry().saved;
  const data = { ...EMPTY_PLAYER, daily: finished, games: saved ? [saved] : [] };

  it('is the puzzle’s kept game and, for the daily, the day’s result', () => {
    expect(keptGameOf(data, { id: ringPuzzle.id, daily: true }, TODAY)).toEqual({
      saved,
      finished,
    });
    expect(keptGameOf(data, { id: ringPuzzle.id, daily: false }, TODAY)).toEqual({
      saved,
      finished: null,
    });
  });

  it('is null when nothing of the puzzle is kept', () => {
    expect(keptGameOf(data, { id: 'puzzle_other', daily: false }, TODAY)).toBeNull();
    expect(keptGameOf(EMPTY_PLAYER, { id: ringPuzzle.id, daily: true }, TODAY)).toBeNull();
  });
});

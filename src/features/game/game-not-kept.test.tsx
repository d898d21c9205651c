import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ringPuzzle, SOLUTION } from '../../../core/test/fixtures';
import { ModalProvider } from '../../components/modal-context';
import { saveConsent } from '../../lib/player-data/storage';
import { GameActivityProvider } from '../../lib/preferences/game-activity';
import { PreferencesProvider } from '../../lib/preferences/preferences';
import { BOARD_STRINGS } from './board-strings';
import { GameBoard } from './game-board';

/**
 * A game that ends while the browser's storage is full (docs/decisions.md "Moving games between
 * devices", caps): the player is told where the game ended that it was not kept, instead of the
 * error being swallowed. Its own file: the player's store is read once per page, with consent.
 */
describe('a finished game the storage refuses', () => {
  // Fifteen taps and a submit: longer than Vitest's 5 s on a busy machine.
  it('says the game was not kept', { timeout: 20_000 }, async () => {
    saveConsent('accepted');
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const user = userEvent.setup();
    render(
      <PreferencesProvider initial={{}}>
        <GameActivityProvider>
          <ModalProvider>
            <GameBoard
              puzzle={ringPuzzle}
              pageMode="play"
              isDaily
              today={ringPuzzle.date}
              kept={null}
            />
          </ModalProvider>
        </GameActivityProvider>
      </PreferencesProvider>,
    );
    for (const [index, words] of SOLUTION.entries()) {
      await user.click(screen.getByRole('button', { name: `Category ${index + 1}` }));
      for (const word of words) {
        await user.click(screen.getByRole('button', { name: new RegExp(`^${word}(,|$)`) }));
      }
    }
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(BOARD_STRINGS.notKept)).toBeInTheDocument();
    expect(screen.getByText(BOARD_STRINGS.notKept)).toHaveAttribute('role', 'alert');
    expect(setItem).toHaveBeenCalled();
    setItem.mockRestore();
  });
});

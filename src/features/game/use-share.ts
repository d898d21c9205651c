import { hasWon, type GameState } from '../../../core/game/engine';
import type { Puzzle } from '../../../core/puzzle';
import { shareGrid, shareMessage, type SharedPuzzle } from '../../../core/share';
import { useModal } from '../../components/modal-context';
import { usePreferences } from '../../lib/preferences/preferences';
import { canUseShareSheet, shareWithSheet } from '../../lib/share-sheet';
import { siteAddress } from '../../lib/site-address';

interface ShareSource {
  state: GameState;
  puzzle: Puzzle;
  /** Tries used (a finished daily known only from its record has no submissions to count). */
  tries: number;
  isDaily: boolean;
  /** A player's puzzle: the path and fragment of its link (`/play#1.…`). */
  sharedLink?: string | undefined;
}

/**
 * Sharing the result of a finished game: `show` opens the Share dialog (as the game ends);
 * `share` is the end-of-game Share button: on a touch device with a share sheet it opens the sheet,
 * elsewhere the dialog. A cancelled sheet does nothing; a failed one falls back to the dialog,
 * which copies the text at once.
 */
export function useShare({ state, puzzle, tries, isDaily, sharedLink }: ShareSource) {
  const { palette } = usePreferences();
  const { open } = useModal();
  const message = () => {
    const shared: SharedPuzzle = sharedLink
      ? { kind: 'made', path: sharedLink }
      : { kind: isDaily ? 'daily' : 'archive', id: puzzle.id };
    return shareMessage({
      puzzle: shared,
      title: puzzle.title,
      author: puzzle.author,
      difficulty: state.difficulty,
      won: hasWon(state),
      tries,
      grid: shareGrid(state.attempts),
      palette,
      site: siteAddress(),
    });
  };
  const show = () => open({ kind: 'share', message: message() });
  const share = async () => {
    if (!canUseShareSheet()) {
      show();
      return;
    }
    const result = message();
    if ((await shareWithSheet({ text: result.text, url: result.link })) === 'failed') {
      open({ kind: 'share', message: result, copyAtOnce: true });
    }
  };
  return { show, share: () => void share() };
}

import { useMemo } from 'react';
import { BOARD_STRINGS } from './board-strings';
import { Link } from 'wouter';
import { PageLoading } from '../../components/page-loading';
import { CUSTOM_ID_PREFIX, draftToPuzzle } from '../../../core/custom-puzzle';
import { seedOf } from '../../../core/game/random';
import { decodePuzzleLink } from '../../../core/puzzle-link';
import { ROUTES } from '../../../core/routes';
import { useToday } from '../../lib/page-context';
import { useFragment } from '../../lib/use-fragment';
import { usePageTitle } from '../../lib/use-page-title';
import { GameBoard } from './game-board';
import { CUSTOM_GAME_STRINGS } from './custom-game-strings';
import { GameShell } from './game-shell';
import './game.css';

function DamagedLink() {
  usePageTitle(CUSTOM_GAME_STRINGS.damagedLink);
  return (
    <div className="error-screen">
      <h1>{CUSTOM_GAME_STRINGS.damagedLink}</h1>
      <p>{CUSTOM_GAME_STRINGS.damagedLinkText}</p>
      <p className="error-actions">
        <Link href={ROUTES.home} className="button primary">
          {BOARD_STRINGS.backToHome}
        </Link>
        <Link href={ROUTES.create} className="button">
          {CUSTOM_GAME_STRINGS.makeYourOwn}
        </Link>
      </p>
    </div>
  );
}

/**
 * /play#1.<code>: a puzzle a player made, carried whole in the link (core/puzzle-link.ts), played
 * on the daily puzzle's board. It is never recorded: not in the stats, the streak or the archive.
 */
export function CustomGamePage() {
  const today = useToday();
  const fragment = useFragment();
  // Decoded once per fragment (the check is the catalogue's whole check).
  const current = useMemo(
    () => (fragment === null ? null : decodePuzzleLink(fragment)),
    [fragment],
  );

  if (fragment === null || current === null) {
    return (
      <GameShell>
        <PageLoading>{CUSTOM_GAME_STRINGS.openingPuzzle}</PageLoading>
      </GameShell>
    );
  }
  if (!current.ok) {
    return (
      <GameShell>
        <DamagedLink />
      </GameShell>
    );
  }
  const code = fragment.replace(/^#/, '');
  const puzzle = draftToPuzzle(current.draft, {
    // Its own id, so each puzzle gets its own layout of the board.
    id: `${CUSTOM_ID_PREFIX}-${seedOf(code).toString(36)}`,
    date: today,
  });
  return (
    <GameShell>
      <GameBoard
        key={code}
        puzzle={puzzle}
        pageMode="play"
        isDaily={false}
        today={today}
        kept={null}
        sharedLink={`${ROUTES.play}#${code}`}
      />
    </GameShell>
  );
}

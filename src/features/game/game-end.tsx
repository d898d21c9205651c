import { Link, useLocation } from 'wouter';
import { BOARD_STRINGS } from './board-strings';
import { hasWon, type GameState } from '../../../core/game/engine';
import { todayUtc } from '../../lib/clock';
import { loadSummaries } from '../../lib/catalogue';
import { loadPlayer, nextRandomPuzzleId } from '../../lib/player-data/player-state';
import { adsConfigured, readSiteConfig } from '../../lib/site-config';
import { STRINGS } from '../../strings';
import { SolutionPanel } from './solution-panel';
import { CrowdPanel } from './crowd-panel';
import { FriendsLink } from '../../components/friends-link';
import { DailyReminder } from '../../components/daily-reminder';
import { gameHref } from '../../../core/routes';

/**
 * The result, in the board's first screen where Clear All and Submit were: won or not, in how many
 * tries, and Share. A finished game opens on it (the Share dialog opens by itself only as the game
 * ends).
 */
export function GameResult({
  state,
  tries,
  onShare,
}: {
  state: GameState;
  tries: number;
  onShare: () => void;
}) {
  return (
    <div className="result">
      <div role="status">
        <h2 id="result-title">
          {hasWon(state) ? BOARD_STRINGS.wonTitle : BOARD_STRINGS.lostTitle}
        </h2>
        <p>{hasWon(state) ? BOARD_STRINGS.wonText(tries) : BOARD_STRINGS.lostText}</p>
      </div>
      <button type="button" className="button primary" onClick={onShare}>
        {BOARD_STRINGS.share}
      </button>
    </div>
  );
}

/** After the game, below its first screen: the solution, and where to go next. */
export function GameEnd({
  state,
  crowd = null,
}: {
  state: GameState;
  /** A catalogue puzzle's crowd figures: today's, or an archive day's; null for none (a made puzzle). */
  crowd?: 'today' | 'archive' | null;
}) {
  const [, navigate] = useLocation();
  const solutionOnly = state.status === 'solution';
  const playRandom = async () => {
    const id = nextRandomPuzzleId(await loadPlayer(), await loadSummaries(), todayUtc());
    // Through the Quick Break when ads are configured (docs/product-decisions.md).
    navigate(id ? gameHref({ puzzleId: id }, adsConfigured(readSiteConfig())) : gameHref());
  };
  return (
    <section className="game-end" aria-labelledby={solutionOnly ? undefined : 'result-title'}>
      <SolutionPanel puzzle={state.puzzle} />
      <div className="end-actions">
        <button type="button" className="button" onClick={() => void playRandom()}>
          {STRINGS.randomPuzzle}
        </button>
        <Link href="/" className="button">
          {BOARD_STRINGS.backToHome}
        </Link>
        <Link href="/archive" className="button">
          {BOARD_STRINGS.archive}
        </Link>
        {/* A catalogue puzzle's end, where a group would see the result (not a made puzzle's). */}
        {crowd && !solutionOnly ? <FriendsLink /> : null}
      </div>
      {/* Today's daily, just finished: a reminder brings the player back tomorrow. */}
      {crowd === 'today' && !solutionOnly ? <DailyReminder /> : null}
      {/* Only once the player's own game has ended (not a solution revealed from the archive). */}
      {crowd && !solutionOnly ? (
        <CrowdPanel puzzle={state.puzzle} daily={crowd === 'today'} />
      ) : null}
    </section>
  );
}

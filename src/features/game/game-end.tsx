import { Link, useLocation } from 'wouter';
import { currentTry, hasWon, type GameState } from '../../../core/game/engine';
import { todayUtc } from '../../lib/clock';
import { nextRandomPuzzleId } from '../../lib/player-state';
import { STRINGS } from '../../strings';
import { SolutionPanel } from './solution-panel';

/** After the game: the result, the solution, and where to go next. */
export function GameEnd({ state, onShare }: { state: GameState; onShare: () => void }) {
  const [, navigate] = useLocation();
  const solutionOnly = state.status === 'solution';
  const playRandom = () => {
    const id = nextRandomPuzzleId(todayUtc());
    navigate(id ? `/game?puzzleId=${id}&mode=play` : '/game');
  };
  return (
    <section className="game-end" aria-labelledby={solutionOnly ? undefined : 'result-title'}>
      {solutionOnly ? null : (
        <div className="result" role="status">
          <h2 id="result-title">{hasWon(state) ? STRINGS.wonTitle : STRINGS.lostTitle}</h2>
          <p>{hasWon(state) ? STRINGS.wonText(currentTry(state)) : STRINGS.lostText}</p>
        </div>
      )}
      <SolutionPanel puzzle={state.puzzle} />
      <div className="end-actions">
        {solutionOnly ? null : (
          <button type="button" className="button primary" onClick={onShare}>
            {STRINGS.share}
          </button>
        )}
        <button type="button" className="button" onClick={playRandom}>
          {STRINGS.randomPuzzle}
        </button>
        <Link href="/" className="button">
          {STRINGS.backToHome}
        </Link>
        <Link href="/archive" className="button">
          {STRINGS.archive}
        </Link>
      </div>
    </section>
  );
}

import { DIFFICULTY_SETTINGS } from '../../../core/game/difficulty';
import type { GameState } from '../../../core/game/engine';
import { feedbackLevel, type FeedbackLevel } from '../../../core/game/score';
import { STRINGS } from '../../strings';

const GLYPH: Record<FeedbackLevel, string> = { correct: '✓', close: '◑', far: '◔', none: '✕' };
const SPOKEN: Record<FeedbackLevel, string> = {
  correct: 'all right',
  close: 'two right',
  far: 'one right',
  none: 'none right',
};

/** Bars for each submitted try: colour plus a glyph (normal) or the count (easy); nothing in hard. */
export function TryFeedback({ state }: { state: GameState }) {
  const settings = DIFFICULTY_SETTINGS[state.difficulty];
  if (state.attempts.length === 0) return null;
  if (!settings.showFeedback) {
    return <p className="feedback-none">{STRINGS.noFeedbackHard}</p>;
  }
  // On a short window the box shows the latest try; earlier ones are a scroll away (game.css). A
  // scroll box takes the focus so a keyboard can scroll it.
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="feedback-scroll" tabIndex={0} role="group" aria-label={STRINGS.triesLabel}>
      <ol className="feedback" aria-label={STRINGS.triesLabel}>
        {state.attempts.map((attempt, index) => (
          <li key={index} className="feedback-row">
            <span className="feedback-label">Try {index + 1}</span>
            <span className="feedback-bars">
              {attempt.results.map((result) => {
                const level = feedbackLevel(result.correctCount);
                return (
                  <span key={result.categoryId} className={`feedback-bar feedback-${level}`}>
                    <span aria-hidden="true">
                      {settings.showDetailedFeedback ? `${result.correctCount}/3` : GLYPH[level]}
                    </span>
                    <span className="visually-hidden">
                      Category {result.categoryId + 1}:{' '}
                      {settings.showDetailedFeedback
                        ? `${result.correctCount} of 3 right`
                        : SPOKEN[level]}
                    </span>
                  </span>
                );
              })}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** What a screen reader hears after the latest try. */
export function latestFeedbackText(state: GameState): string {
  const settings = DIFFICULTY_SETTINGS[state.difficulty];
  const last = state.attempts.at(-1);
  if (!last || !settings.showFeedback) return '';
  return (
    `Try ${state.attempts.length}. ` +
    last.results
      .map((r) =>
        settings.showDetailedFeedback
          ? `Category ${r.categoryId + 1}: ${r.correctCount} of 3`
          : `Category ${r.categoryId + 1}: ${SPOKEN[feedbackLevel(r.correctCount)]}`,
      )
      .join('. ')
  );
}

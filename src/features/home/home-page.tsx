import { use } from 'react';
import { Link, useLocation } from 'wouter';
import { DIFFICULTY_SETTINGS } from '../../../core/game/difficulty';
import { puzzleNumber } from '../../../core/puzzle';
import { savedGameOf } from '../../../core/game/saved-games';
import { dailyCompletionOn, type PlayerData } from '../../../core/records';
import { gameHref, ROUTES } from '../../../core/routes';
import { useModal } from '../../components/modal-context';
import { loadPuzzle, loadSummaries } from '../../lib/catalogue';
import { nextRandomPuzzleId } from '../../lib/player-data/player-state';
import { useToday } from '../../lib/page-context';
import { useDailyPuzzleId, usePlayer } from '../../lib/player-data/player-context';
import { useUtcDay } from '../../lib/use-now';
import { usePreferences } from '../../lib/preferences/preferences';
import { usePageTitle } from '../../lib/use-page-title';
import { STRINGS } from '../../strings';
import { Countdown } from './countdown';

/** `warmGame` starts loading the game's code (the app knows where it is; a feature does not). */
export function HomePage({ warmGame: loadGameCode }: { warmGame: () => void }) {
  usePageTitle(null);
  // The page's day, or the clock's once it passes midnight UTC while the page is open.
  const pageToday = useToday();
  const clockToday = useUtcDay();
  const today = clockToday > pageToday ? clockToday : pageToday;
  const [, navigate] = useLocation();
  const { open } = useModal();
  const { seenHowToPlay } = usePreferences();
  const { store: player } = usePlayer();
  const summaries = use(loadSummaries(today));
  const dailyId = useDailyPuzzleId(player, summaries, today);
  const daily = summaries.find((summary) => summary.id === dailyId) ?? null;
  const status = dailyId ? dailyStatus(player.data, dailyId, today) : null;

  // The game's code and today's puzzle load as soon as the player reaches for Play (the service
  // worker keeps them for later visits), not with the first page: that stays inside its budget.
  const warmGame = () => {
    loadGameCode();
    if (dailyId) void loadPuzzle(dailyId);
  };
  // A pointer coming over the link starts it (a finger's too, before its press). Passing-over
  // events never reach React (src/lib/start-up/unheard-events.ts): the link listens for its own pointerenter.
  const warmOnHover = (link: HTMLAnchorElement) => {
    link.addEventListener('pointerenter', warmGame);
    return () => link.removeEventListener('pointerenter', warmGame);
  };

  const playRandom = () => {
    navigate(gameHref({ puzzleId: nextRandomPuzzleId(player, summaries, today) }));
  };

  return (
    <div className="home">
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title" className="hero-title">
          {STRINGS.appName}
        </h1>
        <p className="tagline">{STRINGS.tagline}</p>
        {daily ? (
          <div className="today-card">
            <p className="today-number">{STRINGS.puzzleNumber(puzzleNumber(daily.id) ?? 0)}</p>
            <h2 className="today-title">{daily.title}</h2>
            <p className="today-meta">
              <span className={`difficulty-chip difficulty-${daily.difficulty}`}>
                {DIFFICULTY_SETTINGS[daily.difficulty].label}
              </span>
              {daily.author ? <span>{STRINGS.by(daily.author)}</span> : null}
            </p>
            <p className="today-status" role="status">
              {status}
            </p>
          </div>
        ) : (
          <p>{STRINGS.noPuzzleToday}</p>
        )}
        <div className="hero-actions">
          <Link
            href={gameHref()}
            className="button primary large"
            ref={warmOnHover}
            onFocus={warmGame}
          >
            {STRINGS.playToday}
          </Link>
          <button type="button" className="button large" onClick={playRandom}>
            {STRINGS.randomPuzzle}
          </button>
        </div>
        {seenHowToPlay ? null : (
          <p className="home-new">
            {STRINGS.newHere} <Link href={ROUTES.howToPlay}>{STRINGS.readRules}</Link>
          </p>
        )}
        <Countdown />
      </section>

      <button type="button" className="note-card" onClick={() => open({ kind: 'note' })}>
        <span className="note-card-kicker">{STRINGS.noteKicker}</span>
        <span className="note-card-text">{STRINGS.noteTeaser}</span>
      </button>

      <nav className="home-links" aria-label={STRINGS.homeLinksLabel}>
        <Link href={ROUTES.howToPlay}>{STRINGS.homeHowToPlay}</Link>
        <Link href={ROUTES.create}>{STRINGS.linkCreate}</Link>
        <button type="button" className="link-button" onClick={() => open({ kind: 'settings' })}>
          {STRINGS.settings}
        </button>
        <button type="button" className="link-button" onClick={() => open({ kind: 'note' })}>
          {STRINGS.authorsNote}
        </button>
      </nav>

      <p className="version">{STRINGS.version(__APP_VERSION__)}</p>
    </div>
  );
}

/** Where today's puzzle stands for this player: finished (solved or not), under way, or nothing. */
function dailyStatus(data: PlayerData, dailyId: string, today: string): string | null {
  const finished = dailyCompletionOn(data, today);
  if (finished) return finished.won ? STRINGS.todaySolved(finished.attempts) : STRINGS.todayLost;
  const saved = savedGameOf(data.games, dailyId, today);
  if (!saved || saved.submissions.length === 0) return null;
  const limit = DIFFICULTY_SETTINGS[saved.difficulty].maxTries;
  return STRINGS.todayUnderway(saved.submissions.length + 1, limit);
}

import { statistics, type Statistics } from '../../../core/stats';
import { TextPage } from '../../components/text-page';
import { useToday } from '../../lib/page-context';
import { usePlayer } from '../../lib/player-data/player-context';
import { useConsent } from '../../lib/player-data/consent-state';
import { useHydrated } from '../../lib/start-up/hydration';
import { STATS_STRINGS } from './stats-strings';
import { CookieSettingsButton } from '../../components/cookie-settings-button';
import { StatTiles } from '../../components/stat-tiles';
import { TriesBars } from '../../components/tries-bars';
import { MoveGamesLink } from '../../components/move-games-link';
import { FriendsLink } from '../../components/friends-link';
import './stats.css';

/**
 * /stats: the player's record, kept only with consent (docs/spec.md §4). The page is the same for
 * everyone, so until the app has hydrated it holds both the record and the note asking for
 * consent, and CSS shows the one that fits the player's cookie (core/inline-scripts.ts); after
 * hydration only that one is rendered, in the same place.
 */
export function StatsPage() {
  const hydrated = useHydrated();
  const accepted = useConsent() === 'accepted';
  return (
    <TextPage title={STATS_STRINGS.title}>
      {!hydrated || accepted ? (
        <div key="accepted" data-for-consent="accepted">
          <StoredStats />
        </div>
      ) : null}
      {!hydrated || !accepted ? (
        <div key="other" className="stats-consent" data-for-consent="other">
          <p>{STATS_STRINGS.needConsent}</p>
          <CookieSettingsButton className="button" />
        </div>
      ) : null}
    </TextPage>
  );
}

function StoredStats() {
  const { data } = usePlayer().store;
  const view = statistics(data.history, data.stats, useToday());
  return (
    <>
      <StatNumbers view={view} />
      <GuessDistribution view={view} />
      <p className="stats-move">
        <MoveGamesLink />
        <FriendsLink />
      </p>
    </>
  );
}

function StatNumbers({ view }: { view: Statistics }) {
  return (
    <StatTiles
      className="stat-numbers"
      tiles={[
        [STATS_STRINGS.played, view.gamesPlayed],
        [STATS_STRINGS.won, view.gamesWon],
        [STATS_STRINGS.winPercent, view.winPercentage],
        [STATS_STRINGS.currentStreak, view.currentStreak],
        [STATS_STRINGS.maxStreak, view.maxStreak],
      ]}
    />
  );
}

function GuessDistribution({ view }: { view: Statistics }) {
  return (
    <section aria-labelledby="distribution-title">
      <h2 id="distribution-title">{STATS_STRINGS.distribution}</h2>
      <TriesBars
        labelledBy="distribution-title"
        bars={view.guessDistribution.map((bar) => ({
          ...bar,
          label: STATS_STRINGS.barLabel(bar.tries, bar.count, bar.latest),
        }))}
      />
      {/* Always there (empty once a game is won), so the page keeps its shape as records load. */}
      <p className="stats-empty">{view.gamesWon === 0 ? STATS_STRINGS.noWins : ''}</p>
    </section>
  );
}

import { Fragment } from 'react';
import { COOKIES, PREFIX, type CookieKey } from '../../lib/storage';
import { COMPLETION_PREFIX, GAMES_RECORD, HISTORY_RECORD } from '../../lib/stored-player';
import { SAVED_GAME_LIMITS } from '../../../core/game/saved-games';

/**
 * Everything the product keeps in a browser, as the privacy page lists it. Typed by the storage
 * module's own cookie list, so a new cookie cannot be added without saying here what it is for.
 */
const COOKIE_PURPOSES: Record<CookieKey, { purpose: string; days: 1 | 365 }> = {
  consent: {
    purpose: 'Your answer to the cookie question: "accepted" or "rejected".',
    days: 365,
  },
  difficulty: { purpose: 'The difficulty you chose: Easy or Normal.', days: 365 },
  colorMode: { purpose: 'The colour palette: default or colour-blind friendly.', days: 365 },
  darkMode: { purpose: 'Whether you chose the dark theme.', days: 365 },
  seenHowToPlay: {
    purpose: 'That you have seen How to Play, so it is not shown again.',
    days: 365,
  },
  seenNote: {
    purpose: "That you have read the author's note, so its dot stops pulsing.",
    days: 365,
  },
  gameMode: { purpose: 'The game mode you chose.', days: 365 },
  dailyStats: {
    purpose: 'Your current and longest streak and the day you last played.',
    days: 365,
  },
  usedRandom: {
    purpose: 'Which random puzzles you have been given, so they do not repeat soon.',
    days: 365,
  },
  dailyPuzzle: {
    purpose: 'Whether you finished today’s puzzle and solved it, with your tries.',
    days: 1,
  },
  randomDaily: {
    purpose: 'Which older puzzle stands in on a day without a new one.',
    days: 1,
  },
};

/** A stored name that may wrap after each underscore on a narrow screen. */
function StoredName({ name }: { name: string }) {
  const parts = name.split('_');
  return (
    <code>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? (
            <>
              _<wbr />
            </>
          ) : null}
        </Fragment>
      ))}
    </code>
  );
}

const lifetime = (days: number) => (days === 1 ? '1 day' : `${days} days`);

export function StoredCookies() {
  const keys = Object.keys(COOKIES) as CookieKey[];
  return (
    <div className="table-scroll">
      <table className="stored-table">
        <caption>Cookies</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">What it holds</th>
            <th scope="col">Kept for</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key}>
              <th scope="row">
                <StoredName name={PREFIX + COOKIES[key]} />
              </th>
              <td>{COOKIE_PURPOSES[key].purpose}</td>
              <td>{lifetime(COOKIE_PURPOSES[key].days)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function StoredRecords() {
  return (
    <div className="table-scroll">
      <table className="stored-table">
        <caption>Records in this browser’s local storage</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">What it holds</th>
            <th scope="col">Kept for</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">
              <StoredName name={`${PREFIX}${COMPLETION_PREFIX}<date>`} />
            </th>
            <td>
              One per puzzle you finished: its date, its id, whether you solved it, your score and
              tries.
            </td>
            <td>{lifetime(365)} after it was last written</td>
          </tr>
          <tr>
            <th scope="row">
              <StoredName name={PREFIX + HISTORY_RECORD} />
            </th>
            <td>Every finished game (date, puzzle and tries), for your statistics.</td>
            <td>{lifetime(365)} after it was last written</td>
          </tr>
          <tr>
            <th scope="row">
              <StoredName name={PREFIX + GAMES_RECORD} />
            </th>
            <td>
              The games you have started and not finished (and today’s puzzle once finished): where
              each word sits, your groups and your tries, so you find the board as you left it.
            </td>
            <td>
              The last {SAVED_GAME_LIMITS.days} days of play, at most {SAVED_GAME_LIMITS.games}{' '}
              games; today’s puzzle until midnight UTC
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

import { Link } from 'wouter';
import {
  BACKUP_KEEP_DAYS,
  DEFAULT_KEEP_HANDLED_DAYS,
  KEEP_AT_MOST_MONTHS,
} from '../../../core/form-retention';
import { ROUTES } from '../../../core/routes';
import { TextPage } from '../../components/text-page';
import { adsConfigured, readSiteConfig } from '../../lib/site-config';
import { StoredCookies, StoredRecords } from './stored-data';
import '../../components/prose.css';

/** How long the server keeps what the forms send (docs/decisions.md). */
export const FORM_RETENTION = `at most ${KEEP_AT_MOST_MONTHS} months after it arrives`;

export function TermsPage() {
  return (
    <TextPage title="Terms of Use">
      <p className="page-lead">
        Linchpin is a free word puzzle. By playing it you agree to these plain terms.
      </p>
      <h2>Playing</h2>
      <p>
        Linchpin is free to play in any modern browser. There are no accounts, nothing to register
        and nothing to buy. Your progress lives in your own browser (see the{' '}
        <Link href={ROUTES.privacy}>privacy policy</Link>); clearing your browser data, or choosing
        Reject in Cookie settings, removes it and it cannot be restored.
      </p>
      <h2>Who may play</h2>
      <p>Linchpin is not meant for children under 13.</p>
      <h2>The puzzles</h2>
      <p>
        The puzzles, their words and category names as arranged, the site’s text and its design
        belong to Linchpin and the players credited as authors. You are welcome to share your
        results and talk about puzzles; please do not copy the puzzle collection into another game
        or site.
      </p>
      <h2>Puzzles you send us</h2>
      <p>
        When you send a puzzle through <Link href={ROUTES.submitPuzzle}>Submit a Puzzle</Link>, you
        confirm it is your own work, and you allow Linchpin to publish it in the game, free of
        charge, with credit to the author name you gave. We may adjust a word or a category name so
        it fits the game, and we may decide not to use it. If you change your mind before it is
        published, tell us through the <Link href={ROUTES.contact}>contact page</Link>.
      </p>
      <h2>Messages</h2>
      <p>
        Please keep messages and submissions friendly and lawful. Posts that look automated, or that
        arrive too often from one address, are refused.
      </p>
      <h2>Ads</h2>
      <p>
        Linchpin may show an ad on a short Quick Break page between games, to help pay for the site.
        Ads come from an ad network and are its responsibility; Linchpin does not endorse them.
      </p>
      <h2>No guarantees</h2>
      <p>
        Linchpin is offered as it is, for fun. We do our best to keep it running and its puzzles
        fair, but we cannot promise it will always be available or free of mistakes, and we are not
        liable for any loss that comes from using it, as far as the law allows.
      </p>
      <h2>Changes</h2>
      <p>
        These terms may change as the game grows; the current version is always on this page.
        Questions are welcome through the <Link href={ROUTES.contact}>contact page</Link>.
      </p>
    </TextPage>
  );
}

export function PrivacyPage() {
  const config = readSiteConfig();
  return (
    <TextPage title="Privacy Policy">
      <p className="page-lead">
        Linchpin has no accounts and collects as little as it can. This page lists everything it
        keeps, where, and for how long.
      </p>
      <h2>Children</h2>
      <p>
        Linchpin is not meant for children under 13, and we do not knowingly collect their data.
      </p>

      <h2>In your browser, only if you accept</h2>
      <p>
        On your first visit Linchpin asks whether it may store your settings and progress. Until you
        accept, and whenever you reject, nothing is stored but your answer itself (the{' '}
        <code>linchpin_cookie_consent</code> cookie); the game plays just the same and forgets your
        game when you leave. If you accept, Linchpin keeps the following, in this browser only. None
        of it is sent to our server, except the crowd’s results described below.
      </p>
      <StoredCookies />
      <StoredRecords />
      <p>
        You can change your mind at any time: choose <strong>Cookie settings</strong> at the bottom
        of any page and then <strong>Reject</strong>. That deletes every cookie and record listed
        above except your answer. Clearing your browser’s data for this site does the same.
      </p>

      <h2>Today’s crowd: one result per finished puzzle, only if you accept</h2>
      <p>
        If you accept cookies, each time you finish one of the daily puzzles (today’s or one from
        the archive, not a puzzle someone made), your browser sends our server one anonymous result,
        once: the puzzle, the mode (Easy or Normal), whether you solved it, how many tries you used,
        and for each wrong try which groups it got fully right. No words, nothing you typed, no
        cookie. With it goes the random number in <code>linchpin_crowd_id</code>, so that your
        browser counts once per puzzle; our server keeps only a scrambled form of it (a hash with
        the puzzle), which cannot be turned back into the number or used to link your results of
        different puzzles. It keeps no internet address with a result: to stop one computer from
        sending hundreds of results and skewing a puzzle’s figures, it counts at most 30 results of
        a puzzle from one internet address, and for that keeps only a scrambled form of the address
        with the puzzle and a secret of its own, which cannot be turned back into the address or
        used to link your results of different puzzles.
      </p>
      <p>
        We use the results only to show players who accepted how everyone did (the “Today’s crowd”
        panel after a game, from 20 results) and to check how hard each puzzle really is, and keep
        them while the puzzle is in the game. If the result cannot be sent (you are offline, or our
        server does not answer), it waits in <code>linchpin_crowd_pending</code> and goes on your
        next visit. If you do not accept, or reject later, nothing is sent, and the page does not
        ask our server for the crowd’s figures either: the panel is not shown.
      </p>

      <h2>Groups of friends: only the groups you start or join</h2>
      <p>
        If you start or join a group under “Play with friends”, our server keeps the group’s name,
        the names its members chose, and each member’s result of each day’s puzzle: the day, the
        puzzle, whether it was solved, the tries and the grid of coloured squares (never a word of
        the puzzle). It keeps no internet address, no cookie and no email with them. Only the
        group’s members see them, and only once they have played that day’s puzzle themselves.
        Joining is your choice to share your daily results with that group; it is separate from the
        anonymous crowd figures above. This device keeps which groups you are in, and the secret
        that lets only you post your results and change your name there.
      </p>
      <p>
        When you leave a group or its starter removes you, your name and results there are deleted
        at once. A group no one has played in for 90 days is deleted with everything in it.
      </p>

      <h2>Daily reminder: only if you turn it on</h2>
      <p>
        If you turn on “Daily reminder” (in Settings, or under a finished game), your browser gives
        us an address at its push service (Google’s, Mozilla’s, Apple’s or Microsoft’s, as your
        browser chooses) with the keys that let only us send to it. Our server keeps that address
        and those keys, the hour you chose, your time zone (so the reminder follows daylight saving
        time), whether you want it only if you haven’t played yet, the last day this device said it
        finished today’s puzzle, the day of the last reminder sent, and when it was set up and last
        renewed. Nothing links it to the crowd’s figures or to a group of friends, and we keep no
        internet address, name or cookie with it. The reminder itself says only that today’s puzzle
        is waiting, with your streak if you have one, which this device works out; it goes through
        your browser’s push service.
      </p>
      <p>
        This device keeps the setting (<code>linchpin_reminder</code>, in the table above) and, in
        the browser’s cache, the last day you finished today’s puzzle here and your streak, so that
        no reminder shows once you have played. Turning the reminder off, rejecting cookies (which
        deletes everything stored here) or blocking notifications for the site removes it from our
        server at once; a reminder not renewed for a year (each day you open Linchpin with it on
        renews it) is deleted, as is one your browser’s push service no longer accepts.
      </p>

      <h2>What our server keeps from the forms</h2>
      <p>
        The <Link href={ROUTES.contact}>contact form</Link> stores your name, your email address,
        your message and the time it arrived. The{' '}
        <Link href={ROUTES.submitPuzzle}>puzzle form</Link> stores the author name, your email
        address, the title, the special word, the four category names and their twelve words, and
        the time it arrived. With each one we note when we have dealt with it. Nothing else is
        stored with them: not your address on the internet, not your browser, not cookies.
      </p>
      <p>
        We use what you send only to read it, answer you by email and, for puzzles, to consider
        publishing them with credit to the author name you gave. Your email address is never shown
        or shared.
      </p>
      <p>
        We keep a message or a submission until we have dealt with it and no longer need it, and{' '}
        {FORM_RETENTION}. Once we have dealt with it, it is deleted automatically{' '}
        {DEFAULT_KEEP_HANDLED_DAYS} days after it arrived. A puzzle that is published stays in the
        game with its author name. To have something you sent deleted sooner, ask through the
        contact page.
      </p>
      <p>
        The server’s data is copied to a backup once a day, and each backup is deleted{' '}
        {BACKUP_KEEP_DAYS} days after it was made: whatever is deleted from the server is gone from
        the backups {BACKUP_KEEP_DAYS} days later, and nothing you sent is kept anywhere, backups
        included, more than {KEEP_AT_MOST_MONTHS} months after it arrived.
      </p>
      <p>
        To keep the forms working for everyone, the server counts posts per internet address for a
        short time (one minute by default) to refuse floods, without storing them. The server writes
        no log line for each request: its own output holds only its start, its warnings and its
        errors, never your email address or what you wrote, and is used only to keep the site
        running.
      </p>

      <h2>Other companies</h2>
      <p>
        By default Linchpin loads nothing from anyone else: no ads, no analytics, no fonts or
        scripts from other sites.
      </p>
      <ul>
        <li>
          Ads:{' '}
          {adsConfigured(config)
            ? 'on. The Quick Break page between games loads an ad from Google AdSense, which may set its own cookies under Google’s privacy policy.'
            : 'off on this site.'}
        </li>
        <li>
          Analytics:{' '}
          {config.analyticsId
            ? 'on, and only if you accept cookies: Google Analytics counts which pages are viewed, under Google’s privacy policy.'
            : 'off on this site.'}
        </li>
      </ul>

      <h2>Questions</h2>
      <p>
        Ask anything about your data through the <Link href={ROUTES.contact}>contact page</Link>. If
        this policy changes, the new version appears here.
      </p>
    </TextPage>
  );
}

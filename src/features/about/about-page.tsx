import { Link } from 'wouter';
import { ROUTES } from '../../../core/routes';
import { TextPage } from '../../components/text-page';
import '../../components/prose.css';

export function AboutPage() {
  return (
    <TextPage title="About Linchpin">
      <p className="page-lead">The daily puzzle where one word holds four groups together.</p>
      <p>
        Nine words sit in a 3×3 grid. They sort into four groups of three, and one special word, the
        linchpin, belongs to all four groups at once. Pick a colour, tap the words that belong
        together, and submit when every group holds three words. The feedback tells you how close
        each group is, and you get a few tries to find them all.
      </p>
      <h2>Two ways to play</h2>
      <p>
        <strong>Easy</strong> shows you the special word and tells you after each try how many words
        of every group are right. <strong>Normal</strong> keeps the special word hidden and answers
        with coloured bars only. You can switch in Settings before your first try.
      </p>
      <h2>A new puzzle every day</h2>
      <p>
        A fresh puzzle arrives every day at midnight UTC. Missed one? Every earlier puzzle waits in
        the <Link href={ROUTES.archive}>archive</Link>, ready to play, retry or reveal.
      </p>
      <h2>Made by players</h2>
      <p>
        Linchpin is written and looked after by one person in spare evenings, with puzzles from
        players. If you have an idea for a puzzle, <Link href={ROUTES.submitPuzzle}>submit it</Link>
        ; if something looks wrong or you would like to help,{' '}
        <Link href={ROUTES.contact}>get in touch</Link>. A sister game,{' '}
        <Link href={ROUTES.twodle}>Twodle</Link>, is on its way.
      </p>
      <h2>No accounts, no tracking by default</h2>
      <p>
        There is nothing to sign up for. Your progress is saved only in your browser, and only if
        you accept cookies. The <Link href={ROUTES.privacy}>privacy policy</Link> lists exactly what
        is kept.
      </p>
      <p className="page-meta">Version {__APP_VERSION__}</p>
    </TextPage>
  );
}

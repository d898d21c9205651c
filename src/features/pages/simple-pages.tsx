import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { formatDisplayDate } from '../../../core/dates';
import { CHOOSABLE_DIFFICULTIES, DIFFICULTY_SETTINGS } from '../../../core/game/difficulty';
import { playablePuzzles } from '../../../core/daily';
import type { Difficulty } from '../../../core/puzzle';
import { allSummaries } from '../../lib/catalogue';
import { todayUtc } from '../../lib/clock';
import { usePageTitle } from '../../lib/use-page-title';
import { usePreferences } from '../settings/preferences';
import { HowToPlayText } from './how-to-play-text';

function Page({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <article className="text-page">
      <h1>{title}</h1>
      {children}
    </article>
  );
}

/** Pages whose full content arrives with a later part of the product say so plainly. */
function Soon({ children }: { children: ReactNode }) {
  return <p className="soon">{children}</p>;
}

export function HowToPlayPage() {
  const preferences = usePreferences();
  const [choice, setChoice] = useState<Difficulty>(
    preferences.difficulty === 'easy' ? 'easy' : 'normal',
  );
  const [, navigate] = useLocation();
  return (
    <Page title="How to Play">
      <HowToPlayText />
      <fieldset className="setting">
        <legend>Choose your difficulty</legend>
        {CHOOSABLE_DIFFICULTIES.map((difficulty) => (
          <label key={difficulty} className="choice">
            <input
              type="radio"
              name="how-difficulty"
              checked={choice === difficulty}
              onChange={() => setChoice(difficulty)}
            />
            {DIFFICULTY_SETTINGS[difficulty].label}
          </label>
        ))}
        <p className="setting-help" aria-live="polite">
          {DIFFICULTY_SETTINGS[choice].description}
        </p>
      </fieldset>
      <button
        type="button"
        className="button primary"
        onClick={() => {
          preferences.update({ difficulty: choice });
          navigate('/game');
        }}
      >
        Continue
      </button>
    </Page>
  );
}

export function AboutPage() {
  return (
    <Page title="About Linchpin">
      <p>
        Linchpin is a daily word puzzle. Nine words sit in a grid; they sort into four groups of
        three, and one special word, the linchpin, belongs to all four groups at once.
      </p>
      <p>
        A new puzzle arrives every day at midnight UTC. There are no accounts: just open the page
        and play.
      </p>
    </Page>
  );
}

export function TermsPage() {
  return (
    <Page title="Terms of Use">
      <p>Linchpin is free to play. There are no accounts and nothing to register.</p>
      <Soon>The full terms are being written and will appear here soon.</Soon>
    </Page>
  );
}

export function PrivacyPage() {
  return (
    <Page title="Privacy Policy">
      <p>Linchpin is not meant for children under 13.</p>
      <p>
        Your games are played in your browser. Nothing but your cookie choice is stored unless you
        accept cookies.
      </p>
      <Soon>The full list of what is stored, and for how long, will appear here soon.</Soon>
    </Page>
  );
}

export function ContactPage() {
  return (
    <Page title="Contact">
      <Soon>The contact form is on its way. Please check back soon.</Soon>
    </Page>
  );
}

export function SubmitPuzzlePage() {
  return (
    <Page title="Submit a Puzzle">
      <Soon>The puzzle submission form is on its way. Please check back soon.</Soon>
    </Page>
  );
}

export function ArchivePage() {
  const puzzles = [...playablePuzzles(allSummaries(), todayUtc())].sort((a, b) =>
    b.date.localeCompare(a.date),
  );
  return (
    <Page title="Puzzle Archive">
      {puzzles.length === 0 ? (
        <p>No past puzzles found.</p>
      ) : (
        <ul className="archive-list">
          {puzzles.map((puzzle) => (
            <li key={puzzle.id} className="archive-item">
              <div>
                <h2>{puzzle.title}</h2>
                <p className="archive-meta">
                  {puzzle.author ? `${puzzle.author} · ` : ''}
                  {formatDisplayDate(puzzle.date)} · {DIFFICULTY_SETTINGS[puzzle.difficulty].label}
                </p>
              </div>
              <Link
                className="button"
                href={`/game?puzzleId=${puzzle.id}&mode=play`}
                aria-label={`Play ${puzzle.title}`}
              >
                Play
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

export function TwodlePage() {
  return (
    <Page title="Twodle">
      <p>Twodle, a sister game to Linchpin, is coming soon.</p>
    </Page>
  );
}

export function StatsPage() {
  return (
    <Page title="Statistics">
      <Soon>Statistics will appear here once saving games is available.</Soon>
    </Page>
  );
}

export function AdPage() {
  return (
    <Page title="Quick Break">
      <p>Advertisement unavailable</p>
      <p>
        <Link href="/game">Continue</Link>
      </p>
    </Page>
  );
}

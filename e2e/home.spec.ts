import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openPausedAt, puzzleDated, readPuzzles, setClock } from './support';

test('home shows today’s puzzle, the tagline, the countdown and the version', async ({ page }) => {
  const daily = puzzleDated('2026-11-20');
  await openPausedAt(page, '/', '2026-11-20T21:30:15Z');
  await expect(page.getByText(`Puzzle #${daily.id.replace('puzzle_', '')}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: daily.title })).toBeVisible();
  await expect(page.getByText('Connect words, find patterns, solve puzzles.')).toBeVisible();
  await expect(page.getByText('New puzzle in: 02:29:45')).toBeVisible();
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  await expect(page.getByText(`Version ${version}`)).toBeVisible();
  await expect(page).toHaveTitle(/Linchpin/);
});

test('the countdown rolls over at UTC midnight to the next day’s puzzle', async ({ page }) => {
  const today = puzzleDated('2026-11-20');
  const tomorrow = puzzleDated('2026-11-21');
  await openPausedAt(page, '/', '2026-11-20T23:59:57Z');
  await expect(page.getByRole('heading', { name: today.title })).toBeVisible();
  await expect(page.getByText('New puzzle in: 00:00:03')).toBeVisible();
  await page.clock.runFor(4000);
  await expect(page.getByRole('heading', { name: tomorrow.title })).toBeVisible();
  await expect(page.getByText(/New puzzle in: 23:59:5\d/)).toBeVisible();
});

test('Random Puzzle opens an older puzzle', async ({ page }) => {
  await setClock(page, '2026-11-20T12:00:00Z');
  await page.goto('/');
  await page.getByRole('button', { name: 'Random Puzzle' }).click();
  await expect(page).toHaveURL(/\/game\?puzzleId=puzzle_\d+&mode=play/);
  const id = new URL(page.url()).searchParams.get('puzzleId');
  await expect(page.getByText(/^Try 1 of \d$/)).toBeVisible();
  const puzzle = readPuzzles().find((p) => p.id === id);
  expect((puzzle?.date ?? '9999') < '2026-11-20').toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: puzzle?.title })).toBeVisible();
});

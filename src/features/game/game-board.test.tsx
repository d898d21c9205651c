import { act, render, screen, within } from '@testing-library/react';
import { Profiler } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ringPuzzle } from '../../../core/test/fixtures';
import { ModalProvider } from '../../components/modal-context';
import { GameActivityProvider } from '../../lib/preferences/game-activity';
import { PreferencesProvider } from '../../lib/preferences/preferences';
import type { Preferences } from '../../lib/preferences/preferences-model';
import { GameBoard } from './game-board';

function renderBoard(
  change: Partial<Preferences> = {},
  pageMode: 'play' | 'solution' = 'play',
  onCommit: () => void = () => {},
) {
  return render(
    <Profiler id="board" onRender={onCommit}>
      <PreferencesProvider initial={change}>
        <GameActivityProvider>
          <ModalProvider>
            <GameBoard
              puzzle={ringPuzzle}
              pageMode={pageMode}
              isDaily
              today={ringPuzzle.date}
              kept={null}
            />
          </ModalProvider>
        </GameActivityProvider>
      </PreferencesProvider>
    </Profiler>,
  );
}

const tile = (word: string) => screen.getByRole('button', { name: new RegExp(`^${word}(,|$)`) });

async function placeAll(
  user: ReturnType<typeof userEvent.setup>,
  groups: string[][],
  skip: string[] = [],
) {
  for (const [index, words] of groups.entries()) {
    await user.click(screen.getByRole('button', { name: `Category ${index + 1}` }));
    for (const word of words) if (!skip.includes(word)) await user.click(tile(word));
  }
}

const WRONG = [
  ['Ring', 'Chime', 'Necklace'],
  ['Ring', 'Toll', 'Bracelet'],
  ['Ring', 'Ropes', 'Oval'],
  ['Ring', 'Corner', 'Loop'],
];

describe('GameBoard', () => {
  it('shows the title, author, mode and a try counter', () => {
    renderBoard();
    expect(screen.getByRole('heading', { level: 1, name: 'Full Circle' })).toBeInTheDocument();
    expect(screen.getByText('By Test Author')).toBeInTheDocument();
    expect(screen.getByText('Normal Mode')).toBeInTheDocument();
    expect(screen.getByText('Try 1 of 6')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Words' })).getAllByRole('button'),
    ).toHaveLength(9);
  });

  it('marks the chosen colour as pressed and names a tile’s groups in words, not colour alone', async () => {
    const user = userEvent.setup();
    renderBoard();
    const first = screen.getByRole('button', { name: 'Category 1' });
    await user.click(first);
    expect(first).toHaveAttribute('aria-pressed', 'true');
    await user.click(tile('Oval'));
    expect(tile('Oval')).toHaveAccessibleName('Oval, in group 1');
    expect(within(tile('Oval')).getByText('1')).toBeInTheDocument();
  });

  it('a tapped word and a chosen circle each take their group’s one tab stop, with no render for the focus', async () => {
    const user = userEvent.setup();
    let commits = 0;
    renderBoard({}, 'play', () => (commits += 1));
    const tabStops = (group: string) =>
      within(screen.getByRole('group', { name: group }))
        .getAllByRole('button')
        .filter((button) => button.getAttribute('tabindex') === '0');
    expect(tabStops('Words')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Category 2' }));
    await user.click(tile('Oval'));
    expect(tabStops('Words')).toEqual([tile('Oval')]);
    expect(tabStops('Groups')).toEqual([screen.getByRole('button', { name: 'Category 2' })]);

    // Focus alone (a tap lands first as a focus) moves the stop on the page, not by a render.
    const before = commits;
    act(() => tile('Ring').focus());
    expect(tabStops('Words')).toEqual([tile('Ring')]);
    expect(commits).toBe(before);
    // And a move's render leaves it where it is.
    await user.click(tile('Chime'));
    expect(tabStops('Words')).toEqual([tile('Chime')]);
    expect(tile('Oval')).toHaveAttribute('tabindex', '-1');
  });

  it('in Normal mode shows bars without counts, each with a spoken label', async () => {
    const user = userEvent.setup();
    renderBoard();
    await placeAll(user, WRONG);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const tries = screen.getByRole('list', { name: 'Your tries' });
    expect(tries).not.toHaveTextContent('2/3');
    expect(tries).toHaveTextContent('Category 1: two right');
    expect(screen.getByText('Try 2 of 6')).toBeInTheDocument();
  });

  it('in Easy mode shows counts after each submission', async () => {
    const user = userEvent.setup();
    renderBoard({ difficulty: 'easy' });
    expect(screen.getByText('Easy Mode')).toBeInTheDocument();
    await placeAll(user, WRONG, ['Ring']);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('list', { name: 'Your tries' })).toHaveTextContent('2/3');
  });

  it('shows the incomplete-grouping message and uses no try', async () => {
    const user = userEvent.setup();
    renderBoard();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Sort the words into 4 groups of 3 words each')).toBeInTheDocument();
    expect(screen.getByText('Try 1 of 6')).toBeInTheDocument();
  });

  it('marks a group of more than three at its circle, in words, and names it on Submit', async () => {
    const user = userEvent.setup();
    renderBoard();
    await user.click(screen.getByRole('button', { name: 'Category 1' }));
    for (const word of ['Ring', 'Chime', 'Necklace', 'Toll']) await user.click(tile(word));
    const first = screen.getByRole('button', { name: 'Category 1' });
    expect(first).toHaveAccessibleDescription('4/3 over');
    expect(screen.getByRole('button', { name: 'Category 2' })).toHaveAccessibleDescription('0/3');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const status = screen.getByText('Sort the words into 4 groups of 3 words each').closest('p');
    expect(status).toHaveTextContent(
      'Sort the words into 4 groups of 3 words each. Group 1 has 4 words. Groups 2, 3 and 4 have 0 words.',
    );
    expect(screen.getByText('Try 1 of 6')).toBeInTheDocument();
  });

  it('in solution mode lists every category and names the circles', () => {
    renderBoard({}, 'solution');
    const panel = screen.getByRole('region', { name: 'Puzzle Solution' });
    for (const category of ringPuzzle.categories) {
      expect(within(panel).getByText(`${category.name}:`)).toBeInTheDocument();
    }
    expect(panel).toHaveTextContent('The special word "Ring" belongs to all four categories.');
    expect(screen.getByRole('group', { name: 'Groups' })).toHaveTextContent('Bell sounds');
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('in Drag and Drop mode shows Coming Soon and switches back to Legacy', async () => {
    const user = userEvent.setup();
    renderBoard({ gameMode: 'dragAndDrop' });
    expect(screen.getByRole('heading', { name: 'Coming Soon' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Switch to Legacy Mode' }));
    expect(screen.getByText('Try 1 of 6')).toBeInTheDocument();
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubmitPuzzlePage } from './submit-puzzle-page';
import { answer, mockFetch } from './test-fetch';

const category = (n: number) => screen.getByRole('group', { name: `Category ${n}` });
const word = (n: number, m: number) =>
  within(category(n)).getByRole('textbox', { name: `Category ${n}, Word ${m}` });

const GROUPS = [
  ['Cards', 'Ring', 'Deck', 'Suit'],
  ['Boxing', 'Ring', 'Glove', 'Bell'],
  ['Jewellery', 'Ring', 'Pearl', 'Brooch'],
  ['Phone', 'Ring', 'Call', 'Dial'],
] as const;

type User = ReturnType<typeof userEvent.setup>;

async function fillPuzzle(user: User, groups: readonly (readonly string[])[] = GROUPS) {
  await user.type(screen.getByRole('textbox', { name: /author name/i }), 'Ada');
  await user.type(screen.getByRole('textbox', { name: /email/i }), 'ada@example.com');
  await user.type(screen.getByRole('textbox', { name: /puzzle title/i }), 'Ring Cycle');
  await user.type(screen.getByRole('textbox', { name: /special word/i }), 'Ring');
  for (const [index, [name, ...words]] of groups.entries()) {
    const n = index + 1;
    await user.type(
      within(category(n)).getByRole('textbox', { name: `Category ${n}, Name` }),
      name ?? '',
    );
    for (const [m, text] of words.entries()) await user.type(word(n, m + 1), text);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SubmitPuzzlePage', () => {
  it('has every field the server expects, by name', () => {
    const { container } = render(<SubmitPuzzlePage />);
    const names = [...container.querySelectorAll('input, textarea')].map((el) =>
      el.getAttribute('name'),
    );
    expect(names).toEqual([
      'author',
      'email',
      'title',
      'specialWord',
      ...[1, 2, 3, 4].flatMap((n) => [
        `category${n}_name`,
        `category${n}_word1`,
        `category${n}_word2`,
        `category${n}_word3`,
      ]),
      'website',
    ]);
  });

  it('marks every missing field, focuses the first and posts nothing', async () => {
    const fetchMock = mockFetch(answer(201, { id: 1 }));
    const user = userEvent.setup();
    render(<SubmitPuzzlePage />);
    await user.click(screen.getByRole('button', { name: 'Submit Puzzle' }));

    const author = screen.getByRole('textbox', { name: /author name/i });
    expect(author).toHaveFocus();
    expect(author).toHaveAttribute('aria-invalid', 'true');
    expect(word(4, 3)).toHaveAccessibleDescription('Please enter word 3 of category 4.');
    // The special word is optional.
    expect(screen.getByRole('textbox', { name: /special word/i })).not.toHaveAttribute(
      'aria-invalid',
    );
    expect(screen.getByRole('status')).toHaveTextContent('19 fields need your attention.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('hints while typing when a category lacks the special word or a word repeats, without blocking', async () => {
    const fetchMock = mockFetch(answer(201, { id: 3 }));
    const user = userEvent.setup();
    render(<SubmitPuzzlePage />);
    const groups: string[][] = GROUPS.map((group) => [...group]);
    groups[1] = ['Boxing', 'Gong', 'Glove', 'Bell'];
    groups[3] = ['Phone', 'Ring', 'Deck', 'Dial'];
    await fillPuzzle(user, groups);

    expect(
      within(category(2)).getByText(/category 2 does not include the special word “Ring”/),
    ).toBeInTheDocument();
    expect(within(category(1)).getByText(/“Deck” appears more than once/)).toBeInTheDocument();
    expect(within(category(4)).getByText(/“Deck” appears more than once/)).toBeInTheDocument();
    expect(within(category(3)).queryByText(/Hint/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit Puzzle' }));
    expect(
      await screen.findByRole('heading', { name: 'Thank you for your puzzle!' }),
    ).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('thanks the author after a 2xx, saying the puzzle may be used with credit', async () => {
    const fetchMock = mockFetch(answer(201, { id: 9 }));
    const user = userEvent.setup();
    render(<SubmitPuzzlePage />);
    await fillPuzzle(user);
    expect(screen.queryByText(/Hint/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Puzzle' }));

    const thanks = await screen.findByRole('heading', { name: 'Thank you for your puzzle!' });
    expect(thanks).toHaveFocus();
    expect(screen.getByText(/with credit to you as its author/)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/puzzle-submissions');
    const body = JSON.parse(init?.body as string) as Record<string, string>;
    expect(body).toMatchObject({
      author: 'Ada',
      title: 'Ring Cycle',
      specialWord: 'Ring',
      category2_name: 'Boxing',
      category4_word3: 'Dial',
      website: '',
    });

    await user.click(screen.getByRole('button', { name: 'Submit Another Puzzle' }));
    expect(screen.getByRole('textbox', { name: /author name/i })).toHaveValue('');
  });

  it('keeps every value and explains when the server cannot store the puzzle', async () => {
    mockFetch(
      answer(503, {
        error: 'We could not save what you sent just now. Please try again in a minute.',
      }),
    );
    const user = userEvent.setup();
    render(<SubmitPuzzlePage />);
    await fillPuzzle(user);
    await user.click(screen.getByRole('button', { name: 'Submit Puzzle' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your form was not sent. We could not save what you sent just now. Please try again in a minute. Nothing was lost',
    );
    expect(word(3, 3)).toHaveValue('Brooch');
    expect(screen.getByRole('textbox', { name: /puzzle title/i })).toHaveValue('Ring Cycle');
    expect(screen.getByRole('button', { name: 'Submit Puzzle' })).toBeEnabled();
  });
});

import { expect, test, type Page } from '@playwright/test';

/** The contact and puzzle forms against the real server (its own empty database per run). */

async function fillContact(page: Page) {
  await page.getByRole('textbox', { name: 'Your name' }).fill('Ada Lovelace');
  await page.getByRole('textbox', { name: /^Email/ }).fill('ada@example.com');
  await page.getByRole('textbox', { name: 'Message' }).fill('Puzzle 12 made my day.');
}

const GROUPS = [
  ['Cards', 'Ring', 'Deck', 'Suit'],
  ['Boxing', 'Ring', 'Glove', 'Bell'],
  ['Jewellery', 'Ring', 'Pearl', 'Brooch'],
  ['Phone', 'Ring', 'Call', 'Dial'],
];

async function fillPuzzle(page: Page, groups = GROUPS) {
  await page.getByRole('textbox', { name: /^Author name/ }).fill('Ada Lovelace');
  await page.getByRole('textbox', { name: /^Email/ }).fill('ada@example.com');
  await page.getByRole('textbox', { name: 'Puzzle title' }).fill('Ring Cycle');
  await page.getByRole('textbox', { name: /^Special word/ }).fill('Ring');
  for (const [index, [name, ...words]] of groups.entries()) {
    const n = index + 1;
    await page.getByRole('textbox', { name: `Category ${n}, Name` }).fill(name ?? '');
    for (const [m, word] of words.entries()) {
      await page.getByRole('textbox', { name: `Category ${n}, Word ${m + 1}` }).fill(word);
    }
  }
}

test.describe('contact form', () => {
  test('sends a message to the server and thanks the player', async ({ page }) => {
    await page.goto('/contact');
    await fillContact(page);
    const posted = page.waitForResponse('**/api/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect((await posted).status()).toBe(201);
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeFocused();
    await page.getByRole('button', { name: 'Send Another Message' }).click();
    await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveValue('');
  });

  test('shows field errors next to the fields and focuses the first, without posting', async ({
    page,
  }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await page.goto('/contact');
    await page.getByRole('textbox', { name: /^Email/ }).fill('not-an-address');
    await page.getByRole('button', { name: 'Send Message' }).click();

    const name = page.getByRole('textbox', { name: 'Your name' });
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Please enter your name.');
    await expect(page.getByRole('textbox', { name: /^Email/ })).toHaveAccessibleDescription(
      /Please enter a valid email address\./,
    );
    await expect(page.getByRole('form', { name: 'Contact' }).getByRole('status')).toHaveText(
      /3 fields need your attention/,
    );
    expect(posts).toEqual([]);
  });

  test('shows the real server’s per-field answer next to the field', async ({ page }) => {
    await page.goto('/contact');
    // What the browser checked is changed on the way, so the server itself refuses it (400).
    await page.route('**/api/contact', (route) =>
      route.continue({
        postData: JSON.stringify({
          ...(route.request().postDataJSON() as object),
          message: 'x'.repeat(6000),
        }),
      }),
    );
    await fillContact(page);
    const answered = page.waitForResponse('**/api/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect((await answered).status()).toBe(400);
    const message = page.getByRole('textbox', { name: 'Message' });
    await expect(message).toBeFocused();
    await expect(message).toHaveAccessibleDescription(
      'Please keep your message to 5,000 characters or fewer.',
    );
    await expect(message).toHaveValue('Puzzle 12 made my day.');
  });

  test('keeps every value when the server is down, and sends once it is back', async ({ page }) => {
    await page.goto('/contact');
    await page.route('**/api/**', (route) => route.abort());
    await fillContact(page);
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByRole('alert')).toContainText('We could not reach the server');
    await expect(page.getByRole('alert')).toContainText('Nothing was lost');
    await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveValue('Ada Lovelace');
    await expect(page.getByRole('textbox', { name: /^Email/ })).toHaveValue('ada@example.com');
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(
      'Puzzle 12 made my day.',
    );

    await page.unroute('**/api/**');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  });
});

test.describe('puzzle submission form', () => {
  test('sends a puzzle with every field to the server and thanks the author', async ({ page }) => {
    await page.goto('/submit-puzzle');
    await fillPuzzle(page);
    const posted = page.waitForRequest('**/api/puzzle-submissions');
    const answered = page.waitForResponse('**/api/puzzle-submissions');
    await page.getByRole('button', { name: 'Submit Puzzle' }).click();
    const body = (await posted).postDataJSON() as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(
      [
        'author',
        'email',
        'title',
        'specialWord',
        'website',
        ...[1, 2, 3, 4].flatMap((n) => [
          `category${n}_name`,
          `category${n}_word1`,
          `category${n}_word2`,
          `category${n}_word3`,
        ]),
      ].sort(),
    );
    expect(body.website).toBe('');
    expect((await answered).status()).toBe(201);
    await expect(page.getByRole('heading', { name: 'Thank you for your puzzle!' })).toBeFocused();
    await expect(page.getByText(/with credit to you as its author/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Another Puzzle' })).toBeVisible();
  });

  test('marks missing fields, focuses the first one and hints gently while typing', async ({
    page,
  }) => {
    await page.goto('/submit-puzzle');
    await page.getByRole('button', { name: 'Submit Puzzle' }).click();
    const author = page.getByRole('textbox', { name: /^Author name/ });
    await expect(author).toBeFocused();
    await expect(author).toHaveAccessibleDescription(/Please enter your name as the author\./);
    await expect(page.getByText('Please enter word 3 of category 4.')).toBeVisible();

    const groups = GROUPS.map((group) => [...group]);
    groups[1] = ['Boxing', 'Gong', 'Glove', 'Deck'];
    await fillPuzzle(page, groups);
    const category2 = page.getByRole('group', { name: 'Category 2' });
    await expect(category2.getByText(/does not include the special word “Ring”/)).toBeVisible();
    await expect(category2.getByText(/“Deck” appears more than once/)).toBeVisible();
    await expect(author).not.toHaveAttribute('aria-invalid');

    // A hint never blocks: the puzzle still goes.
    await page.getByRole('button', { name: 'Submit Puzzle' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your puzzle!' })).toBeVisible();
  });

  test('keeps every value when the server is down', async ({ page }) => {
    await page.goto('/submit-puzzle');
    await page.route('**/api/**', (route) => route.abort());
    await fillPuzzle(page);
    await page.getByRole('button', { name: 'Submit Puzzle' }).click();
    await expect(page.getByRole('alert')).toContainText('Nothing was lost');
    await expect(page.getByRole('textbox', { name: 'Puzzle title' })).toHaveValue('Ring Cycle');
    await expect(page.getByRole('textbox', { name: 'Category 4, Word 3' })).toHaveValue('Dial');
    await expect(page.getByRole('heading', { name: 'Thank you for your puzzle!' })).toHaveCount(0);
  });
});

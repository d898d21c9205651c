import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactPage } from './contact-page';
import { answer, mockFetch } from './test-fetch';

const field = (name: RegExp) => screen.getByRole('textbox', { name });

async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(/your name/i), 'Ada');
  await user.type(field(/email/i), 'ada@example.com');
  await user.type(field(/message/i), 'Puzzle 12 has a typo.');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ContactPage', () => {
  it('counts the message’s characters as the player types near the 5,000 limit', async () => {
    mockFetch(answer(201, { id: 1 }));
    const user = userEvent.setup();
    render(<ContactPage />);
    const message = field(/message/i);
    await user.click(message);
    await user.paste('x'.repeat(3999));
    expect(screen.queryByText(/of 5,000 characters/)).not.toBeInTheDocument();
    await user.type(message, 'y');
    expect(message).toHaveAccessibleDescription('4,000 of 5,000 characters');
    await user.paste('z'.repeat(1002));
    expect(screen.getByText('5,002 of 5,000 characters: 2 too many')).toBeInTheDocument();
  });

  it('shows a message next to each missing field and focuses the first one, without posting', async () => {
    const fetchMock = mockFetch(answer(201, { id: 1 }));
    const user = userEvent.setup();
    render(<ContactPage />);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const name = field(/your name/i);
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Please enter your name.');
    expect(field(/message/i)).toHaveAccessibleDescription('Please enter a message.');
    expect(screen.getByRole('status')).toHaveTextContent('3 fields need your attention.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the email address with the shared schema and clears the message once it is fixed', async () => {
    mockFetch(answer(201, { id: 1 }));
    const user = userEvent.setup();
    render(<ContactPage />);
    await user.type(field(/your name/i), 'Ada');
    await user.type(field(/email/i), 'ada@example');
    await user.type(field(/message/i), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const email = field(/email/i);
    expect(email).toHaveFocus();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    await user.type(email, '.com');
    expect(screen.queryByText('Please enter a valid email address.')).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('thanks the player only after the server accepted the message, then offers another', async () => {
    const fetchMock = mockFetch(answer(201, { id: 7 }));
    const user = userEvent.setup();
    render(<ContactPage />);
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toHaveFocus();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/contact');
    expect(JSON.parse(init?.body as string)).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      message: 'Puzzle 12 has a typo.',
      website: '',
    });

    await user.click(screen.getByRole('button', { name: 'Send Another Message' }));
    expect(field(/your name/i)).toHaveValue('');
    expect(field(/your name/i)).toHaveFocus();
  });

  it('keeps every typed value and says what went wrong when there is no network', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    render(<ContactPage />);
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const alert = await screen.findByText(/could not reach the server/i);
    expect(alert).toHaveTextContent('Nothing was lost');
    expect(screen.getByRole('alert')).toBe(alert);
    expect(field(/your name/i)).toHaveValue('Ada');
    expect(field(/email/i)).toHaveValue('ada@example.com');
    expect(field(/message/i)).toHaveValue('Puzzle 12 has a typo.');
    expect(screen.queryByRole('heading', { name: 'Thank you!' })).not.toBeInTheDocument();
  });

  it('sends a retry of the same submission with the same idempotency key, a new one after', async () => {
    const fetchMock = mockFetch(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    render(<ContactPage />);
    await fillContact(user);
    const send = () => user.click(screen.getByRole('button', { name: 'Send Message' }));
    const keyOf = (call: number) =>
      (fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string>)['Idempotency-Key'];
    await send();
    await screen.findByText(/could not reach the server/i);
    await send();
    await screen.findByText(/could not reach the server/i);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keyOf(0)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(1)).toBe(keyOf(0));

    // A changed message is another submission.
    await user.type(field(/message/i), ' And 13.');
    await send();
    await screen.findByText(/could not reach the server/i);
    expect(keyOf(2)).not.toBe(keyOf(0));

    // Accepted: the next message, even with the same words, is a new submission.
    fetchMock.mockImplementation(() => Promise.resolve(answer(201, { id: 7 })));
    await send();
    await user.click(await screen.findByRole('button', { name: 'Send Another Message' }));
    await fillContact(user);
    await user.type(field(/message/i), ' And 13.');
    await send();
    await screen.findByRole('heading', { name: 'Thank you!' });
    expect(keyOf(3)).toBe(keyOf(2));
    expect(keyOf(4)).not.toBe(keyOf(3));
  });

  it('keeps every value when the server is too busy (503), saying so', async () => {
    mockFetch(
      answer(503, {
        error: 'We are receiving a lot of posts just now. Please try again in a few seconds.',
      }),
    );
    const user = userEvent.setup();
    render(<ContactPage />);
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /receiving a lot of posts.*Nothing was lost/,
    );
    expect(field(/your name/i)).toHaveValue('Ada');
    expect(field(/message/i)).toHaveValue('Puzzle 12 has a typo.');
  });

  it('shows the server’s per-field messages and keeps the values', async () => {
    mockFetch(
      answer(400, {
        error: 'Some fields need your attention.',
        fields: { email: 'Please enter a valid email address.' },
      }),
    );
    const user = userEvent.setup();
    render(<ContactPage />);
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(field(/email/i)).toHaveFocus();
    expect(field(/message/i)).toHaveValue('Puzzle 12 has a typo.');
  });

  it('says when too many forms were sent, keeping the values', async () => {
    mockFetch(answer(429, { error: 'Too many' }));
    const user = userEvent.setup();
    render(<ContactPage />);
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /several forms in a short time.*Nothing was lost/,
    );
    expect(field(/your name/i)).toHaveValue('Ada');
  });

  it('has a hidden honeypot that is out of reach', () => {
    const { container } = render(<ContactPage />);
    const honeypot = container.querySelector('input[name="website"]');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: /website/i })).not.toBeInTheDocument();
  });
});

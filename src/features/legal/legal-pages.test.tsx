import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COOKIES, PREFIX } from '../../lib/storage';
import { PrivacyPage, TermsPage } from './legal-pages';

describe('PrivacyPage', () => {
  it('lists every cookie the product sets, with its lifetime', () => {
    render(<PrivacyPage />);
    const table = screen.getByRole('table', { name: 'Cookies' });
    const oneDay = ['linchpin_daily_puzzle', 'linchpin_random_daily_puzzle'];
    // Rows by their first cell (a role query per row is slow in jsdom).
    const rows = within(table).getAllByRole('row');
    const rowNamed = (name: string) =>
      rows.find((row) => row.querySelector('th, td')?.textContent?.trim() === name);
    for (const name of Object.values(COOKIES).map((key) => PREFIX + key)) {
      expect(rowNamed(name), name).toHaveTextContent(oneDay.includes(name) ? '1 day' : '365 days');
    }
    expect(within(table).getAllByRole('row')).toHaveLength(Object.keys(COOKIES).length + 1);
  });

  it('names the local records, the age limit and what the server keeps', () => {
    render(<PrivacyPage />);
    const records = screen.getByRole('table', { name: /local storage/ });
    expect(records).toHaveTextContent('linchpin_puzzleCompleted_<date>');
    expect(records).toHaveTextContent('linchpin_completedPuzzles');
    expect(screen.getByText(/not meant for children under 13/)).toBeInTheDocument();
    expect(screen.getByText(/at most 12 months after it arrives/)).toBeInTheDocument();
    expect(screen.getByText(/Ads:/)).toHaveTextContent('off on this site');
  });
});

describe('TermsPage', () => {
  it('describes the product as it is: no accounts', () => {
    render(<TermsPage />);
    expect(screen.getByText(/There are no accounts, nothing to register/)).toBeInTheDocument();
    expect(screen.queryByText(/registration/i)).not.toBeInTheDocument();
  });
});

import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_PREFIX, STORED_ITEMS, type StoredItemKey } from '../../../core/stored-items';
import { lifetimeText, STORED_ITEM_PURPOSES } from '../../../core/stored-item-purposes';
import { PrivacyPage, TermsPage } from './legal-pages';

describe('PrivacyPage', () => {
  it('lists every stored item of core/stored-items.ts in its table, with its lifetime', () => {
    render(<PrivacyPage />);
    const tables = {
      cookie: screen.getByRole('table', { name: 'Cookies' }),
      localStorage: screen.getByRole('table', { name: /local storage/ }),
    };
    for (const key of Object.keys(STORED_ITEMS) as StoredItemKey[]) {
      const item = STORED_ITEMS[key];
      // Rows by their first cell (a role query per row is slow in jsdom).
      const row = within(tables[item.where])
        .getAllByRole('row')
        .find((r) => r.querySelector('th, td')?.textContent?.trim() === STORAGE_PREFIX + item.name);
      expect(row, item.name).toHaveTextContent(lifetimeText(key));
      expect(row, item.name).toHaveTextContent(STORED_ITEM_PURPOSES[key].purpose);
    }
    const count = (where: string) =>
      Object.values(STORED_ITEMS).filter((item) => item.where === where).length;
    expect(within(tables.cookie).getAllByRole('row')).toHaveLength(count('cookie') + 1);
    expect(within(tables.localStorage).getAllByRole('row')).toHaveLength(count('localStorage') + 1);
  });

  it('names the local records, the age limit and what the server keeps', () => {
    render(<PrivacyPage />);
    const records = screen.getByRole('table', { name: /local storage/ });
    expect(records).toHaveTextContent('linchpin_puzzleCompleted_<date>');
    expect(records).toHaveTextContent('linchpin_completedPuzzles');
    expect(screen.getByText(/not meant for children under 13/)).toBeInTheDocument();
    expect(screen.getByText(/at most 12 months after it arrives/)).toHaveTextContent(
      'Once we have dealt with it, it is deleted automatically 90 days after it arrived.',
    );
    expect(screen.getByText(/copied to a backup once a day/)).toHaveTextContent(
      'each backup is deleted 30 days after it was made',
    );
    expect(screen.getByText(/Ads:/)).toHaveTextContent('off on this site');
  });

  it('says what a finished puzzle sends for the crowd, when, and why', () => {
    render(<PrivacyPage />);
    const section = screen.getByRole('heading', { name: /Today’s crowd/ });
    expect(section).toBeInTheDocument();
    const text = document.body.textContent ?? '';
    expect(text).toContain(
      'the puzzle, the mode (Easy or Normal), whether you solved it, how many tries you used, and for each wrong try which groups it got fully right',
    );
    expect(text).toContain('If you do not accept, or reject later, nothing is sent');
    expect(text).toContain('linchpin_crowd_id');
  });

  it('says what a group of friends stores and for how long', () => {
    render(<PrivacyPage />);
    expect(screen.getByRole('heading', { name: /Groups of friends/ })).toBeInTheDocument();
    const text = document.body.textContent ?? '';
    expect(text).toContain('the group’s name, the names its members chose');
    expect(text).toContain('A group no one has played in for 90 days is deleted');
    expect(text).toContain('linchpin_friend_groups');
  });
});

describe('TermsPage', () => {
  it('describes the product as it is: no accounts', () => {
    render(<TermsPage />);
    expect(screen.getByText(/There are no accounts, nothing to register/)).toBeInTheDocument();
    expect(screen.queryByText(/registration/i)).not.toBeInTheDocument();
  });
});

import { describe, expect, it } from 'vitest';
import { UsageError, parseOwnerArgs } from './args';

describe('parseOwnerArgs', () => {
  it.each([
    [['messages'], { name: 'list', kind: 'messages', json: false, unhandled: false }],
    [
      ['submissions', '--unhandled', '--json'],
      { name: 'list', kind: 'submissions', json: true, unhandled: true },
    ],
    [['messages', 'show', '12'], { name: 'show', kind: 'messages', id: 12, json: false }],
    [
      ['submissions', 'show', '3', '--json'],
      { name: 'show', kind: 'submissions', id: 3, json: true },
    ],
    [['submissions', 'handle', '3'], { name: 'handle', kind: 'submissions', id: 3 }],
    [['import', '7'], { name: 'import', id: 7, date: null, force: false }],
    [
      ['import', '7', '--date', '2026-12-24', '--force'],
      { name: 'import', id: 7, date: '2026-12-24', force: true },
    ],
    [[], { name: 'help' }],
    [['--help'], { name: 'help' }],
  ])('reads %j', (argv, command) => {
    expect(parseOwnerArgs(argv).command).toEqual(command);
  });

  it('reads the folders', () => {
    expect(
      parseOwnerArgs(['messages', '--data-dir', '/srv/data', '--puzzles-dir', 'p']),
    ).toMatchObject({
      dataDir: '/srv/data',
      puzzlesDir: 'p',
    });
  });

  it.each([
    [['messages', 'show'], 'Which message? Give its id, e.g. 3.'],
    [['messages', 'show', 'abc'], '"abc" is not a message id (a whole number from 1).'],
    [['import', '0'], '"0" is not a submission id (a whole number from 1).'],
    [
      ['messages', 'delete', '3'],
      'Unknown messages command "delete": use show <id> or handle <id>.',
    ],
    [['import', '3', '--date', 'tomorrow'], '--date must be YYYY-MM-DD, not "tomorrow".'],
    [['import', '3', '4'], 'Unexpected argument: 4'],
    [['purge'], 'Unknown command "purge".'],
    [['report'], 'Which file? e.g. report linchpin-report.html'],
    [['report', 'r.html', '--days', '0'], '--days must be a whole number from 1 to 366, not "0".'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseOwnerArgs(argv)).toThrow(new UsageError(message));
  });

  it('refuses unknown options', () => {
    expect(() => parseOwnerArgs(['messages', '--all'])).toThrow(UsageError);
  });

  it('reads the report command: 30 days unless --days says otherwise', () => {
    expect(parseOwnerArgs(['report', 'r.html']).command).toEqual({
      name: 'report',
      file: 'r.html',
      days: 30,
    });
    expect(parseOwnerArgs(['report', '--days', '7', 'r.html']).command).toEqual({
      name: 'report',
      file: 'r.html',
      days: 7,
    });
  });
});

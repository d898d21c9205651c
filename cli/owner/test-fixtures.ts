import { join } from 'node:path';
import { type PuzzleSubmissionForm } from '../../core/forms';
import { type Database } from '../../server/db/database';
import { type OwnerContext } from './run';
import { databaseSource } from './source';

/** A submission that makes a valid puzzle: the special word Bonnet in four groups. */
export const SUBMISSION: PuzzleSubmissionForm = {
  author: 'Grace Hopper',
  email: 'grace@example.com',
  title: 'Under the Hood',
  specialWord: '',
  category1_name: 'Car parts',
  category1_word1: 'Bonnet',
  category1_word2: 'Wheel',
  category1_word3: 'Boot',
  category2_name: 'Hats',
  category2_word1: 'Bonnet',
  category2_word2: 'Beret',
  category2_word3: 'Fedora',
  category3_name: 'Baby clothes',
  category3_word1: 'Bonnet',
  category3_word2: 'Bib',
  category3_word3: 'Onesie',
  category4_name: 'Bluebell relatives',
  category4_word1: 'Bonnet',
  category4_word2: 'Foxglove',
  category4_word3: 'Harebell',
};

/**
 * The owner's tool in a test: on `db` (as if the server held it; no other database), in `dir`,
 * what it prints kept in `out` and `err`.
 */
export function testOwnerContext(
  db: Database,
  options: {
    dir: string;
    backupDir?: string;
    now?: () => number;
    random?: () => number;
    out: string[];
    err: string[];
  },
): OwnerContext {
  return {
    source: () =>
      Promise.resolve({ ...databaseSource(db, 'test'), close: () => Promise.resolve() }),
    databases: () => Promise.reject(new Error('not in these tests')),
    puzzlesDir: options.dir,
    backupDir: options.backupDir ?? join(options.dir, 'backups'),
    cwd: options.dir,
    now: options.now ?? Date.now,
    random: options.random ?? Math.random,
    out: (text) => options.out.push(text),
    err: (text) => options.err.push(text),
  };
}

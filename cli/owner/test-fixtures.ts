import { type PuzzleSubmissionForm } from '../../core/forms';

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

-- What players send through the contact and puzzle-submission forms (SPEC §7), stored as typed.
-- handled_at is set by the owner's tool (`handle <id>`, `import <id>`).

CREATE TABLE contact_messages (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  handled_at timestamptz,
  name text NOT NULL,
  email text NOT NULL,
  message text NOT NULL
);

CREATE TABLE puzzle_submissions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  handled_at timestamptz,
  author text NOT NULL,
  email text NOT NULL,
  title text NOT NULL,
  -- Empty when the submitter left it blank: the first word of category 1 is the special word then.
  special_word text NOT NULL DEFAULT '',
  category1_name text NOT NULL,
  category1_word1 text NOT NULL,
  category1_word2 text NOT NULL,
  category1_word3 text NOT NULL,
  category2_name text NOT NULL,
  category2_word1 text NOT NULL,
  category2_word2 text NOT NULL,
  category2_word3 text NOT NULL,
  category3_name text NOT NULL,
  category3_word1 text NOT NULL,
  category3_word2 text NOT NULL,
  category3_word3 text NOT NULL,
  category4_name text NOT NULL,
  category4_word1 text NOT NULL,
  category4_word2 text NOT NULL,
  category4_word3 text NOT NULL
);

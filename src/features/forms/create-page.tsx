import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { checkDraft, type DraftProblems } from '../../../core/custom-puzzle';
import {
  CATEGORY_NUMBERS,
  DRAFT_FIELDS,
  EMPTY_DRAFT,
  OWN_WORD_NUMBERS,
  type DraftField,
  type PuzzleDraft,
} from '../../../core/puzzle-draft';
import { puzzleLinkPath } from '../../../core/puzzle-link';
import { TextPage } from '../../components/text-page';
import { keepDraft, readDraft } from '../../lib/player-data/puzzle-draft';
import { useCopy } from '../../lib/use-copy';
import { FORM_STRINGS } from './form-strings';
import { FormField, FormStatus } from './form-field';
import { SendToEditors } from './send-to-editors';
import './forms.css';

/** What the builder shows of the problems: a blank field only once it was left or a button pressed. */
function shownProblems(
  draft: PuzzleDraft,
  problems: DraftProblems,
  touched: ReadonlySet<DraftField>,
  attempted: boolean,
): DraftProblems {
  const shown: DraftProblems = {};
  for (const field of DRAFT_FIELDS) {
    const blank = draft[field].trim() === '';
    if (problems[field] && (attempted || touched.has(field) || !blank)) {
      shown[field] = problems[field];
    }
  }
  return shown;
}

/** For values the browser knows and the server does not, which do not change while the page is open. */
const noChanges = () => () => {};

/**
 * /create: a player makes a puzzle, checked as they type by the catalogue's own rules
 * (core/custom-puzzle.ts), then plays it, shares it by a link that carries the whole puzzle
 * (core/puzzle-link.ts), or sends it to the editors.
 */
export function CreatePage() {
  // The page is rendered empty (the server cannot see the draft); the browser then shows what
  // was typed, until the player types again.
  const kept = useSyncExternalStore(noChanges, readDraft, () => null);
  const [typed, setDraft] = useState<PuzzleDraft | null>(null);
  const draft = typed ?? kept ?? EMPTY_DRAFT;
  const [touched, setTouched] = useState<ReadonlySet<DraftField>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [status, setStatus] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const { state: copy, copy: copyTo, box: linkRef, reset: resetCopy } = useCopy<HTMLInputElement>();
  const canShare = useSyncExternalStore(
    noChanges,
    () => typeof navigator.share === 'function',
    () => false,
  );
  /** Sending to the editors asked for the author's name. */
  const [nameNeeded, setNameNeeded] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [, navigate] = useLocation();

  // A new link takes focus (and is selected), so it is read out and ready to copy by hand.
  useEffect(() => {
    if (link) linkRef.current?.focus();
  }, [link, linkRef]);

  const problems = checkDraft(draft);
  const shown = shownProblems(draft, problems, touched, attempted);
  if (nameNeeded && draft.author.trim() === '') shown.author = FORM_STRINGS.editorsNeedName;

  const change = (name: string, value: string) => {
    const next = { ...draft, [name]: value };
    setDraft(next);
    keepDraft(next);
    // A link is of the puzzle as it was: a change asks for a new one.
    setLink(null);
    resetCopy();
    setStatus('');
  };

  const focusField = (name: DraftField) => {
    const element = formRef.current?.elements.namedItem(name);
    if (element instanceof HTMLElement) element.focus();
  };

  const leave = (field: DraftField) => {
    if (!touched.has(field)) setTouched(new Set([...touched, field]));
  };

  /** The puzzle's path and fragment when it has no problem; otherwise the first problem gets focus. */
  const made = (): string | null => {
    setAttempted(true);
    const wrong = DRAFT_FIELDS.filter((field) => problems[field]);
    const first = wrong[0];
    if (first) {
      setStatus(FORM_STRINGS.fixPuzzle(wrong.length));
      focusField(first);
      return null;
    }
    setStatus('');
    return puzzleLinkPath(draft);
  };

  const createLink = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const path = made();
    if (!path) return;
    setLink(new URL(path, window.location.origin).href);
    resetCopy();
  };

  const playIt = () => {
    const path = made();
    if (path) navigate(path);
  };

  const copyLink = async () => {
    if (link) await copyTo(link);
  };

  const shareLink = async () => {
    if (!link) return;
    try {
      await navigator.share({ title: draft.title.trim(), url: link });
    } catch {
      // Closing the share sheet is not a failure; the link stays on the page.
    }
  };

  const field = (name: DraftField) => ({
    name,
    value: draft[name],
    error: shown[name],
    onChange: change,
    onBlur: () => leave(name),
  });
  const special = draft.specialWord.trim();

  return (
    <TextPage title={FORM_STRINGS.createTitle}>
      <p>{FORM_STRINGS.createIntro}</p>
      <form
        ref={formRef}
        className="site-form builder-form"
        noValidate
        aria-label={FORM_STRINGS.createTitle}
        onSubmit={createLink}
      >
        <FormField {...field('title')} label={FORM_STRINGS.createTitleField} />
        <FormField
          {...field('author')}
          label={FORM_STRINGS.createAuthorField}
          help={FORM_STRINGS.createAuthorHelp}
          autoComplete="name"
          optional
        />
        <FormField
          {...field('specialWord')}
          label={FORM_STRINGS.createSpecialField}
          help={FORM_STRINGS.createSpecialHelp}
        />
        <div className="category-grid">
          {CATEGORY_NUMBERS.map((n) => (
            <fieldset key={n} className="category-fieldset">
              <legend>{FORM_STRINGS.categoryLegend(n)}</legend>
              <p className="form-help">{FORM_STRINGS.createCategoryHelp(special)}</p>
              <FormField
                {...field(`category${n}_name`)}
                label={FORM_STRINGS.createCategoryName(n)}
              />
              {OWN_WORD_NUMBERS.map((m) => (
                <FormField
                  key={m}
                  {...field(`category${n}_word${m}`)}
                  label={FORM_STRINGS.createCategoryWord(n, m)}
                />
              ))}
            </fieldset>
          ))}
        </div>
        <FormStatus status="" alert={status || null} />
        <div className="builder-actions">
          <button type="button" className="button" onClick={playIt}>
            {FORM_STRINGS.playIt}
          </button>
          <button type="submit" className="button primary">
            {FORM_STRINGS.createLink}
          </button>
        </div>
      </form>

      {link ? (
        <section className="builder-link" aria-label={FORM_STRINGS.puzzleLink}>
          <p>{FORM_STRINGS.linkReady}</p>
          <div className="form-field">
            <label htmlFor="puzzle-link">{FORM_STRINGS.puzzleLink}</label>
            <input
              ref={linkRef}
              id="puzzle-link"
              type="text"
              readOnly
              value={link}
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
          <div className="builder-actions">
            <button type="button" className="button primary" onClick={() => void copyLink()}>
              {FORM_STRINGS.copyLink}
            </button>
            {canShare ? (
              <button type="button" className="button" onClick={() => void shareLink()}>
                {FORM_STRINGS.shareLink}
              </button>
            ) : null}
          </div>
          <p className="form-progress" role="status">
            {copy === 'copied'
              ? FORM_STRINGS.linkCopied
              : copy === 'manual'
                ? FORM_STRINGS.copyBlocked
                : ''}
          </p>
        </section>
      ) : null}

      <SendToEditors
        draft={draft}
        problems={problems}
        onInvalidDraft={() => made()}
        onNeedName={() => {
          setNameNeeded(true);
          focusField('author');
        }}
        onAgain={() => {
          setLink(null);
          setDraft(EMPTY_DRAFT);
          keepDraft(EMPTY_DRAFT);
          setTouched(new Set());
          setAttempted(false);
          setNameNeeded(false);
          focusField('title');
        }}
      />
    </TextPage>
  );
}

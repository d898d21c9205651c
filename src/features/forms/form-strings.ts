import { formatCount } from '../../../core/numbers';

/** Visible text of a lazily loaded feature; the shell's text is in src/strings.ts. */
export const FORM_STRINGS = {
  requiredNote: 'Every field is required unless it says optional.',
  sending: 'Sending…',
  nothingLost: 'Nothing was lost: everything you typed is still here.',
  fixFields: (n: number) =>
    `${n === 1 ? '1 field needs' : `${n} fields need`} your attention. The first one is selected.`,
  failedNetwork:
    'We could not reach the server. Please check your connection and try again in a moment.',
  failedRateLimit:
    'You have sent several forms in a short time. Please wait a minute and try again.',
  failedTooLarge: 'What you typed is too long to send in one go. Please shorten it and try again.',
  failedServer: (detail: string) => `Your form was not sent. ${detail}`,
  contactTitle: 'Contact',
  contactIntro:
    'Found a bug, have an idea, or want to help keep Linchpin going? Write here and we will reply by email.',
  name: 'Your name',
  email: 'Email',
  emailHelp: 'Used only to reply to you. Never shown or shared.',
  message: 'Message',
  characterCount: (count: number, limit: number) =>
    count > limit
      ? `${formatCount(count)} of ${formatCount(limit)} characters: ${formatCount(count - limit)} too many`
      : `${formatCount(count)} of ${formatCount(limit)} characters`,
  send: 'Send Message',
  contactThanksTitle: 'Thank you!',
  contactThanksText:
    'Your message has arrived. We read every one and reply by email when it needs an answer.',
  sendAnother: 'Send Another Message',
  submitTitle: 'Submit a Puzzle',
  submitIntro:
    'Have an idea for a Linchpin? Pick a special word that fits four different groups, then give each group a name and two more words.',
  author: 'Author name',
  authorHelp: 'Shown as "By …" under the title if your puzzle is used.',
  puzzleTitle: 'Puzzle title',
  specialWord: 'Special word (optional)',
  specialWordHelp:
    'The word that belongs to all four categories. Leave it blank and word 1 of category 1 is used.',
  categoryLegend: (n: number) => `Category ${n}`,
  categoryName: 'Name',
  word: (m: number) => `Word ${m}`,
  categoryHelp: 'Each category holds the special word and two words of its own.',
  submitPuzzle: 'Submit Puzzle',
  submitThanksTitle: 'Thank you for your puzzle!',
  submitThanksText:
    'It arrived safely. We may use it in Linchpin, with credit to you as its author, and may adjust a word or a category name to fit the game.',
  submitAnother: 'Submit Another Puzzle',
  hintMissingSpecial: (n: number, word: string) =>
    `Hint: category ${n} does not include the special word “${word}” yet. Every category needs it.`,
  hintSpecialTwice: (word: string) => `Hint: “${word}” appears twice in this category.`,
  hintRepeat: (word: string) =>
    `Hint: “${word}” appears more than once. Apart from the special word, each word belongs to one category only.`,
  // /create, the puzzle builder.
  createTitle: 'Make Your Own Puzzle',
  createIntro:
    'Pick a special word that fits four different groups, give each group a name and two more words, then play it or send the link to a friend. Nothing leaves your device unless you send it to the editors.',
  createTitleField: 'Title',
  createAuthorField: 'Your name',
  createAuthorHelp: 'Optional. Shown as "By …" under the title.',
  createSpecialField: 'Special word',
  createSpecialHelp: 'The word that belongs to all four categories.',
  createCategoryName: (n: number) => `Category ${n} name`,
  createCategoryWord: (n: number, m: number) => `Category ${n} word ${m}`,
  createCategoryHelp: (word: string) =>
    word ? `“${word}” and two words of its own.` : 'The special word and two words of its own.',
  playIt: 'Play it',
  createLink: 'Create link',
  puzzleLink: 'Puzzle link',
  linkReady:
    'Your link is ready. Anyone who opens it plays your puzzle; it holds the whole puzzle, so it works without an account.',
  copyLink: 'Copy link',
  linkCopied: 'Link copied!',
  copyBlocked: 'Copying was blocked: the link is selected, so you can copy it yourself.',
  shareLink: 'Share link',
  fixPuzzle: (n: number) =>
    `${n === 1 ? '1 field needs' : `${n} fields need`} your attention before the puzzle can be made. The first one is selected.`,
  editorsTitle: 'Send it to the editors',
  editorsIntro:
    'Think it belongs in the daily puzzle? Send it to the editors with your email, and they may publish it with you as its author.',
  sendToEditors: 'Send to the editors',
  editorsNeedName:
    'Please enter your name: the editors credit the author of every puzzle they use.',
  editorsThanksTitle: 'Sent to the editors!',
  editorsThanksText:
    'Thank you. Your puzzle arrived safely; the editors may use it in Linchpin with credit to you, and may adjust a word or a category name to fit the game.',
  makeAnother: 'Make Another Puzzle',
  orMakeYourOwn: 'Want to play it first, or share it with a friend?',
  makeYourOwnLink: 'Make your own puzzle',
} as const;

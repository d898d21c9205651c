import { isControlCharacter } from '../../core/forms';
import { type InboxEntry, type InboxKind } from '../../server/db/inbox-store';

/**
 * How the owner's tool prints what players sent. Text is shown as typed, except that control
 * characters are made visible so a message cannot drive the terminal (escape sequences).
 */
export function visible(text: string): string {
  let out = '';
  for (const char of text) {
    const kept = char === '\n' || char === '\t' || !isControlCharacter(char);
    out += kept ? char : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  }
  return out;
}

/** One line, at most `width` characters. */
function cell(text: string, width: number): string {
  const line = visible(text).replace(/\s+/g, ' ').trim();
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
}

/** "2025-11-22 08:01 UTC" */
export function formatTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** One entry of a kind: "message" or "submission". */
export const noun = (kind: InboxKind) => (kind === 'messages' ? 'message' : 'submission');
export const capitalisedNoun = (kind: InboxKind) =>
  kind === 'messages' ? 'Message' : 'Submission';

/** The object `--json` prints for one entry. */
export function toJson(entry: InboxEntry): Record<string, unknown> {
  return {
    id: entry.id,
    createdAt: entry.createdAt,
    handled: entry.handledAt !== null,
    handledAt: entry.handledAt,
    ...entry.fields,
  };
}

const COLUMNS: Record<InboxKind, { title: string; field: string; width: number }[]> = {
  messages: [
    { title: 'NAME', field: 'name', width: 20 },
    { title: 'EMAIL', field: 'email', width: 28 },
    { title: 'MESSAGE', field: 'message', width: 40 },
  ],
  submissions: [
    { title: 'AUTHOR', field: 'author', width: 20 },
    { title: 'EMAIL', field: 'email', width: 28 },
    { title: 'TITLE', field: 'title', width: 32 },
  ],
};

/** A table, newest first as given; a sentence when there is nothing. */
export function formatList(
  kind: InboxKind,
  entries: readonly InboxEntry[],
  unhandled: boolean,
): string {
  if (entries.length === 0) return `No ${unhandled ? 'unhandled ' : ''}${kind}.`;
  const header = ['ID', 'RECEIVED', 'STATUS', ...COLUMNS[kind].map((column) => column.title)];
  const rows = entries.map((entry) => [
    String(entry.id),
    formatTime(entry.createdAt),
    entry.handledAt === null ? 'new' : 'handled',
    ...COLUMNS[kind].map((column) => cell(entry.fields[column.field] ?? '', column.width)),
  ]);
  const count = `${entries.length} ${entries.length === 1 ? noun(kind) : kind}`;
  return [...formatTable(header, rows), '', count].join('\n');
}

/** A plain-text table: each column as wide as its widest cell, two spaces between columns. */
export function formatTable(header: readonly string[], rows: readonly string[][]): string[] {
  const widths = header.map((title, index) =>
    Math.max(title.length, ...rows.map((row) => row[index]?.length ?? 0)),
  );
  const line = (row: readonly string[]) =>
    row
      .map((value, index) => value.padEnd(widths[index] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

function indent(text: string): string {
  return visible(text)
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}

/** One entry in full. */
export function formatEntry(kind: InboxKind, entry: InboxEntry): string {
  const status =
    entry.handledAt === null ? 'not handled yet' : `handled ${formatTime(entry.handledAt)}`;
  const head = `${capitalisedNoun(kind)} ${entry.id} · received ${formatTime(entry.createdAt)} · ${status}`;
  const field = (name: string) => visible(entry.fields[name] ?? '');
  if (kind === 'messages') {
    return [
      head,
      '',
      `From:    ${field('name')} <${field('email')}>`,
      'Message:',
      indent(entry.fields.message ?? ''),
    ].join('\n');
  }
  const special = field('specialWord');
  const lines = [
    head,
    '',
    `Title:        ${field('title')}`,
    `Author:       ${field('author')} <${field('email')}>`,
    `Special word: ${special === '' ? `(blank: the first word, ${field('category1_word1')})` : special}`,
  ];
  for (const n of [1, 2, 3, 4]) {
    const words = [1, 2, 3].map((m) => field(`category${n}_word${m}`)).join(', ');
    lines.push(`Category ${n}:   ${field(`category${n}_name`)}: ${words}`);
  }
  if (entry.handledAt === null)
    lines.push('', `Import it with: npm run owner -- import ${entry.id}`);
  return lines.join('\n');
}

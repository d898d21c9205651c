import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * docs/going-live.md as the tests follow it: the page marks each file it has the owner write with
 * `<!-- file: <path> -->` just before the file's code block, and each step's commands are the
 * ```sh blocks. The tests run the files the page shows, not copies of their own.
 */
export const GOING_LIVE = join(import.meta.dirname, '..', 'docs', 'going-live.md');

const goingLive = () => readFileSync(GOING_LIVE, 'utf8');

/** The text of the code block the page marks as the file at `path`. */
export function docFile(path: string, markdown = goingLive()): string {
  const marker = `<!-- file: ${path} -->`;
  const at = markdown.indexOf(marker);
  if (at < 0) throw new Error(`docs/going-live.md shows no file ${path}`);
  const block = /^```[^\n]*\n([\s\S]*?)^```/m.exec(markdown.slice(at + marker.length));
  if (!block?.[1]) throw new Error(`no code block after ${marker}`);
  return block[1];
}

/** Every file the page marks, by path. */
export function docFiles(markdown = goingLive()): string[] {
  return [...markdown.matchAll(/<!-- file: (\S+) -->/g)].map((match) => match[1] ?? '');
}

/** The commands of the page's ```sh blocks, one string per line (continuations joined). */
export function docCommands(markdown = goingLive()): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```/gm)].flatMap((match) =>
    (match[1] ?? '')
      .replace(/\\\n\s*/g, '')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * docs/going-live.md as the tests follow it: the page marks each file it has the owner write with
 * `<!-- file: <path> -->` just before the file's code block, and each step's commands are the
 * ```sh blocks, one command a line. The tests run the files the page shows, not copies of their own.
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

export type DocStep =
  { kind: 'file'; path: string; text: string } | { kind: 'command'; line: string };

/** The page's files and commands in its order: what an owner following it does, one by one. */
export function docSteps(markdown = goingLive()): DocStep[] {
  const steps: DocStep[] = [];
  const pattern = /<!-- file: (\S+) -->\s*\n```[^\n]*\n([\s\S]*?)^```|^```sh\n([\s\S]*?)^```/gm;
  for (const match of markdown.matchAll(pattern)) {
    if (match[1]) {
      steps.push({ kind: 'file', path: match[1], text: match[2] ?? '' });
      continue;
    }
    for (const line of (match[3] ?? '').replace(/\\\n\s*/g, '').split('\n')) {
      const command = line.trim();
      if (command !== '' && !command.startsWith('#'))
        steps.push({ kind: 'command', line: command });
    }
  }
  return steps;
}

import { describe, expect, it } from 'vitest';
import { describeLongTask, longTasksOf } from './trace';

const ORIGIN = 'http://127.0.0.1:5311';
const main = { pid: 1, tid: 1 };
const ms = (value: number) => value * 1000;
const task = (start: number, dur: number) => ({
  name: 'RunTask',
  ph: 'X',
  ts: ms(start),
  dur: ms(dur),
  ...main,
});

describe('longTasksOf', () => {
  const events = [
    { name: 'thread_name', ph: 'M', ...main, args: { name: 'CrRendererMain' } },
    // Another renderer's main thread, which never loads the page: left out.
    { name: 'thread_name', ph: 'M', pid: 2, tid: 2, args: { name: 'CrRendererMain' } },
    { ...task(0, 200), pid: 2, tid: 2 },
    {
      name: 'navigationStart',
      ph: 'R',
      ts: ms(1000),
      ...main,
      args: { data: { documentLoaderURL: `${ORIGIN}/game` } },
    },
    { name: 'firstContentfulPaint', ph: 'R', ts: ms(1300), ...main },
    // Before the first paint: the HTML's layout.
    task(1100, 70),
    { name: 'Layout', ph: 'X', ts: ms(1110), dur: ms(50), ...main },
    // After it: the entry's evaluation, with a first-run compile inside.
    task(1500, 120),
    {
      name: 'EvaluateScript',
      ph: 'X',
      ts: ms(1500),
      dur: ms(100),
      ...main,
      args: { data: { url: `${ORIGIN}/assets/index-abc.js` } },
    },
    { name: 'V8.CompileCode', ph: 'X', ts: ms(1520), dur: ms(40), ...main },
    // A short task: not listed.
    task(1700, 30),
  ];

  it('lists the page thread’s tasks over 50 ms with their time by what ran', () => {
    const tasks = longTasksOf(events, ORIGIN);
    expect(tasks).toHaveLength(2);
    expect(tasks.map(describeLongTask)).toEqual([
      'at 100 ms (before the first paint), 70 ms: layout 50 ms, not attributed 20 ms',
      'at 500 ms, 120 ms: evaluate index-abc.js 60 ms, lazy compile 40 ms, not attributed 20 ms',
    ]);
  });
});

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { devices, type Browser } from '@playwright/test';
import { z } from 'zod';

/**
 * A Chromium performance trace of a route's first visit at the bench's calibrated CPU slowdown
 * (bench/calibration.ts) on a phone's screen, the network unthrottled as in Lighthouse's own
 * (simulated) runs, from the navigation
 * until 5 s after the load event, so the app's start-up, the service worker's start and the work
 * deferred to idle time are in it. Saved for DevTools (Performance panel: load the file), and
 * read here: every main-thread task over 50 ms, with what runs in it.
 */
export const LONG_TASK_MS = 50;
const SETTLE_MS = 5000;

/** One long task of the page's main thread, and where its time went (self time, by what ran). */
export interface LongTask {
  /** ms from the navigation's start. */
  startMs: number;
  /** Started before the first contentful paint: it delays the paint, and TBT does not count it. */
  beforeFirstPaint: boolean;
  durationMs: number;
  /** What ran, most time first: e.g. "evaluate index-D1UB.js 120 ms", "style 12 ms". */
  parts: { what: string; ms: number }[];
  /** JavaScript run in the task by file (the CPU profile's samples), most time first. */
  scripts: { file: string; ms: number }[];
}

export interface RouteTrace {
  /** Where the trace was saved (relative to the repository). */
  file: string;
  longTasks: LongTask[];
}

const TraceEvent = z.object({
  name: z.string(),
  ph: z.string(),
  ts: z.number().optional(),
  dur: z.number().optional(),
  pid: z.number().optional(),
  tid: z.number().optional(),
  id: z.string().optional(),
  args: z
    .object({
      name: z.string().optional(),
      data: z
        .object({
          url: z.string().optional(),
          functionName: z.string().optional(),
          type: z.string().optional(),
          frame: z.string().optional(),
          isMainFrame: z.boolean().optional(),
          startTime: z.number().optional(),
          documentLoaderURL: z.string().optional(),
          cpuProfile: z
            .object({
              nodes: z
                .array(
                  z.object({
                    id: z.number(),
                    callFrame: z.object({ url: z.string().optional() }).passthrough(),
                  }),
                )
                .optional(),
              samples: z.array(z.number()).optional(),
            })
            .optional(),
          timeDeltas: z.array(z.number()).optional(),
        })
        .passthrough()
        .optional(),
      fileName: z.string().optional(),
    })
    .passthrough()
    .optional(),
});
type TraceEvent = z.infer<typeof TraceEvent>;
const Trace = z.object({ traceEvents: z.array(z.unknown()) });

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.compile',
  'blink.user_timing',
  'loading',
  'latencyInfo',
  // JavaScript samples: which chunk's code ran in each task.
  'disabled-by-default-v8.cpu_profiler',
];

const shortUrl = (url: string | undefined) => {
  if (!url) return '?';
  try {
    const { pathname, search } = new URL(url);
    return (pathname.split('/').pop() || pathname) + search;
  } catch {
    return url.slice(0, 40);
  }
};

/** What an event inside a task stands for, or null for an event that only passes time on. */
function labelOf(event: TraceEvent): string | null {
  const data = event.args?.data;
  switch (event.name) {
    case 'EvaluateScript':
      return `evaluate ${shortUrl(data?.url)}`;
    case 'v8.evaluateModule':
      return `evaluate module ${shortUrl(data?.url ?? event.args?.fileName)}`;
    case 'v8.compile':
    case 'v8.compileModule':
    case 'V8.CompileCode':
    case 'v8.parseOnBackground': {
      const url = data?.url ?? event.args?.fileName;
      // V8 names no file when it compiles a function the first time it runs.
      return url ? `compile ${shortUrl(url)}` : 'lazy compile';
    }
    case 'FunctionCall':
      return `script ${shortUrl(data?.url)}${data?.functionName ? ` (${data.functionName})` : ''}`;
    case 'RunMicrotasks':
      return 'microtasks (promise callbacks)';
    case 'TimerFire':
      return 'timer';
    case 'FireAnimationFrame':
      return 'animation frame';
    case 'FireIdleCallback':
      return 'idle callback';
    case 'EventDispatch':
      return `event ${data?.type ?? ''}`.trim();
    case 'ParseHTML':
      return 'parse HTML';
    case 'ParseAuthorStyleSheet':
      return 'parse CSS';
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'PrePaint':
    case 'Paint':
    case 'Layerize':
    case 'UpdateLayer':
    case 'UpdateLayerTree':
      return 'paint';
    case 'MajorGC':
    case 'MinorGC':
    case 'V8.GC_MC_BACKGROUND_MARKING':
    case 'BlinkGC.AtomicPhase':
      return 'garbage collection';
    case 'ResourceReceivedData':
    case 'ResourceFinish':
      return null;
    case 'ServiceWorkerContainer::register':
      return 'service worker registration';
    default:
      return null;
  }
}

/** The renderer main thread that loaded `origin`'s page: the one evaluating its scripts the most. */
function mainThreadOf(events: TraceEvent[], origin: string): string | null {
  const names = new Map<string, string>();
  for (const event of events)
    if (event.ph === 'M' && event.name === 'thread_name' && event.args?.name)
      names.set(`${event.pid}:${event.tid}`, event.args.name);
  const score = new Map<string, number>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (names.get(key) !== 'CrRendererMain') continue;
    const url = event.args?.data?.url;
    if (url?.startsWith(origin)) score.set(key, (score.get(key) ?? 0) + 1);
  }
  return [...score].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** The CPU profile's samples of one thread: when each was taken and the script URL it was in. */
function samplesOf(events: TraceEvent[], pid: number, tid: number): { ts: number; url: string }[] {
  const profile = events.find(
    (event) => event.name === 'Profile' && event.pid === pid && event.tid === tid,
  );
  if (!profile?.id) return [];
  const urls = new Map<number, string>();
  const samples: { ts: number; url: string }[] = [];
  let time = profile.args?.data?.startTime ?? 0;
  for (const chunk of events) {
    if (chunk.name !== 'ProfileChunk' || chunk.id !== profile.id || chunk.pid !== pid) continue;
    const data = chunk.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) urls.set(node.id, node.callFrame.url ?? '');
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    ids.forEach((id, i) => {
      time += deltas[i] ?? 0;
      samples.push({ ts: time, url: urls.get(id) ?? '' });
    });
  }
  return samples.sort((a, b) => a.ts - b.ts);
}

/** Every task over LONG_TASK_MS of the page's main thread, each with its time split by what ran. */
export function longTasksOf(events: TraceEvent[], origin: string): LongTask[] {
  const main = mainThreadOf(events, origin);
  if (!main) return [];
  const onMain = events
    .filter(
      (event) =>
        `${event.pid}:${event.tid}` === main &&
        event.ph === 'X' &&
        event.ts !== undefined &&
        event.dur !== undefined,
    )
    .sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0) || (b.dur ?? 0) - (a.dur ?? 0));
  const mine = (event: TraceEvent) => `${event.pid}:${event.tid}` === main;
  const navigation = events.find(
    (event) =>
      mine(event) &&
      event.name === 'navigationStart' &&
      !!event.args?.data?.documentLoaderURL?.startsWith(origin),
  );
  const zero = navigation?.ts ?? onMain[0]?.ts ?? 0;
  const firstPaint =
    events.find((event) => mine(event) && event.name === 'firstContentfulPaint')?.ts ?? Infinity;
  // The outermost tasks only (a scheduler's task runs inside the thread's).
  const tasks: TraceEvent[] = [];
  for (const event of onMain) {
    if (event.name !== 'RunTask' && event.name !== 'ThreadControllerImpl::RunTask') continue;
    const previous = tasks[tasks.length - 1];
    if (previous && (event.ts ?? 0) < (previous.ts ?? 0) + (previous.dur ?? 0)) continue;
    tasks.push(event);
  }
  const [pid, tid] = main.split(':').map(Number);
  const samples = samplesOf(events, pid ?? 0, tid ?? 0);
  return tasks
    .filter((event) => (event.dur ?? 0) > LONG_TASK_MS * 1000)
    .map((task) => {
      const start = task.ts ?? 0;
      const end = start + (task.dur ?? 0);
      // The labelled events inside the task, nested by time; each keeps its self time.
      const inside = onMain.filter(
        (event) => event !== task && (event.ts ?? 0) >= start && (event.ts ?? 0) < end,
      );
      const totals = new Map<string, number>();
      const stack: { end: number; label: string }[] = [{ end, label: 'not attributed' }];
      let last = start;
      const add = (label: string, us: number) => totals.set(label, (totals.get(label) ?? 0) + us);
      const advanceTo = (time: number) => {
        // Close every event that ended before `time`, giving each its time up to its end.
        for (;;) {
          const top = stack[stack.length - 1];
          if (!top) return;
          if (top.end <= time && stack.length > 1) {
            add(top.label, top.end - last);
            last = top.end;
            stack.pop();
          } else {
            add(top.label, time - last);
            last = time;
            return;
          }
        }
      };
      for (const event of inside) {
        const label = labelOf(event);
        if (!label) continue;
        advanceTo(event.ts ?? 0);
        stack.push({ end: Math.min(end, (event.ts ?? 0) + (event.dur ?? 0)), label });
      }
      advanceTo(end);
      const parts = [...totals]
        .map(([what, us]) => ({ what, ms: Math.round(us / 100) / 10 }))
        .filter((part) => part.ms >= 1)
        .sort((a, b) => b.ms - a.ms);
      // The JavaScript samples taken in the task, by the file of the function running.
      const inTask = samples.filter((sample) => sample.ts >= start && sample.ts < end);
      const byFile = new Map<string, number>();
      inTask.forEach((sample, i) => {
        const next = inTask[i + 1]?.ts ?? end;
        const file = sample.url ? shortUrl(sample.url) : '';
        if (file) byFile.set(file, (byFile.get(file) ?? 0) + (next - sample.ts));
      });
      const scripts = [...byFile]
        .map(([file, us]) => ({ file, ms: Math.round(us / 100) / 10 }))
        .filter((script) => script.ms >= 1)
        .sort((a, b) => b.ms - a.ms);
      return {
        startMs: Math.round((start - zero) / 1000),
        beforeFirstPaint: start < firstPaint,
        durationMs: Math.round((task.dur ?? 0) / 1000),
        parts,
        scripts,
      };
    });
}

/** A long task as one line: "  at 812 ms, 143 ms: evaluate index-….js 120 ms, style 12 ms". */
export function describeLongTask(task: LongTask): string {
  const parts = task.parts.map(({ what, ms }) => `${what} ${ms} ms`).join(', ');
  const scripts = task.scripts.map(({ file, ms }) => `${file} ${ms} ms`).join(', ');
  const when = task.beforeFirstPaint ? ' (before the first paint)' : '';
  return `at ${task.startMs} ms${when}, ${task.durationMs} ms: ${parts || 'not attributed'}${scripts ? `; JS by file: ${scripts}` : ''}`;
}

export async function traceRoute(
  browser: Browser,
  url: string,
  { slowdown, dir, name }: { slowdown: number; dir: string; name: string },
): Promise<RouteTrace> {
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await browser.startTracing(page, { categories: CATEGORIES, screenshots: false });
  const visit = (async () => {
    // Nothing of Playwright's own runs in the page while it records (a selector's wait would
    // compile its script there, in the page's tasks): the load event, then a fixed while.
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(SETTLE_MS);
  })();
  // The trace is stopped and saved even when the visit failed, so it can be looked at.
  const outcome = await visit.then(
    () => null,
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  );
  const buffer = await browser.stopTracing();
  await context.close();
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  writeFileSync(file, buffer);
  if (outcome) throw outcome;
  const events = Trace.parse(JSON.parse(buffer.toString('utf8'))).traceEvents.flatMap((raw) => {
    const parsed = TraceEvent.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
  return { file, longTasks: longTasksOf(events, new URL(url).origin) };
}

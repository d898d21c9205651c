import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker';

/** A stand-in for the browser's service worker objects: listeners and what the app asks of them. */
class FakeTarget {
  listeners = new Map<string, (() => void)[]>();
  addEventListener(event: string, listener: () => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
  fire(event: string) {
    for (const listener of this.listeners.get(event) ?? []) listener();
  }
}

class FakeWorker extends FakeTarget {
  state = 'installing';
  messages: unknown[] = [];
  postMessage(message: unknown) {
    this.messages.push(message);
  }
}

class FakeRegistration extends FakeTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  updates = 0;
  update() {
    this.updates += 1;
    return Promise.resolve();
  }
  /** A new version downloads and installs, then waits. */
  install(): FakeWorker {
    const worker = new FakeWorker();
    this.installing = worker;
    this.fire('updatefound');
    worker.state = 'installed';
    this.installing = null;
    this.waiting = worker;
    worker.fire('statechange');
    return worker;
  }
}

class FakeContainer extends FakeTarget {
  controller: object | null = {};
  registration = new FakeRegistration();
  registered: string[] = [];
  register(url: string) {
    this.registered.push(url);
    return Promise.resolve(this.registration);
  }
}

let container: FakeContainer;
const reload = vi.fn();
const start = (onUpdateReady: (apply: () => void) => void) =>
  registerServiceWorker({
    onUpdateReady,
    container: container as unknown as ServiceWorkerContainer,
  });

beforeEach(() => {
  container = new FakeContainer();
  reload.mockReset();
  vi.stubGlobal('location', { ...window.location, reload });
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('registerServiceWorker', () => {
  it('registers /sw.js and reports nothing while no new version waits', async () => {
    const onUpdateReady = vi.fn();
    await start(onUpdateReady);
    expect(container.registered).toEqual(['/sw.js']);
    expect(onUpdateReady).not.toHaveBeenCalled();
  });

  it('says nothing about the very first install, which takes control by itself', async () => {
    container.controller = null;
    const onUpdateReady = vi.fn();
    await start(onUpdateReady);
    container.registration.install();
    expect(onUpdateReady).not.toHaveBeenCalled();
  });

  it('never reloads by itself: a waiting version activates only when the player applies it', async () => {
    const onUpdateReady = vi.fn<(apply: () => void) => void>();
    await start(onUpdateReady);
    const worker = container.registration.install();
    expect(onUpdateReady).toHaveBeenCalledTimes(1);
    expect(worker.messages).toEqual([]);
    expect(reload).not.toHaveBeenCalled();

    onUpdateReady.mock.calls[0]?.[0]();
    expect(worker.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reload).not.toHaveBeenCalled();
    container.fire('controllerchange');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers a version that was already waiting from an earlier visit', async () => {
    container.registration.waiting = new FakeWorker();
    const onUpdateReady = vi.fn();
    await start(onUpdateReady);
    expect(onUpdateReady).toHaveBeenCalledTimes(1);
  });

  it('just reloads when another tab has already activated the new version', async () => {
    const onUpdateReady = vi.fn<(apply: () => void) => void>();
    await start(onUpdateReady);
    container.registration.install();
    container.registration.waiting = null;
    onUpdateReady.mock.calls[0]?.[0]();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('checks for a newer version every hour while the tab is visible', async () => {
    await start(() => {});
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(container.registration.updates).toBe(1);
  });
});

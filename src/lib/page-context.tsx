import { createContext, useContext, type ReactNode } from 'react';
import { todayUtc } from './clock';

/**
 * What a page is rendered for: the UTC day, and (on the server) where the page's title goes.
 * The server renders with the day of the request and writes it into the page; the browser
 * hydrates only a page of its own day, and renders any other afresh for today (src/main.tsx).
 */
export interface HeadCollector {
  title: string | null;
  /** The HTTP status the page answers with: 404 for an unknown route or puzzle. */
  status: number;
}

/** A collector for one server render, with its one way to be written. */
export function headCollector(): HeadCollector & { record(fields: Partial<HeadCollector>): void } {
  const head = {
    title: null,
    status: 200,
    record(fields: Partial<HeadCollector>) {
      Object.assign(head, fields);
    },
  };
  return head;
}

type Collector = ReturnType<typeof headCollector>;

interface PageContextValue {
  today: string;
  head: Collector | null;
}

const PageContext = createContext<PageContextValue | null>(null);

export function PageProvider({
  today,
  head = null,
  children,
}: {
  today: string;
  head?: Collector | null;
  children: ReactNode;
}) {
  return <PageContext.Provider value={{ today, head }}>{children}</PageContext.Provider>;
}

/** The UTC day the page shows. */
export function useToday(): string {
  const value = useContext(PageContext);
  // Outside a provider (a component test), the browser's own day.
  return value?.today ?? todayUtc();
}

/** On the server, records what the page's <head> and status line say; in the browser, nothing. */
export function useServerHead(fields: Partial<HeadCollector>): void {
  useContext(PageContext)?.head?.record(fields);
}

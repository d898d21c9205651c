import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { todayUtc } from './clock';

/**
 * What a page is rendered for: the UTC day, and (on the server) where the page's title goes.
 * The server renders with the day of the request and writes it into the page; the browser
 * hydrates with that same day, then moves to its own day if the two differ (a page kept open, or
 * cached, past midnight UTC).
 */
export interface HeadCollector {
  title: string | null;
  /** The HTTP status the page answers with: 404 for an unknown route or puzzle. */
  status: number;
}

interface PageContextValue {
  today: string;
  head: HeadCollector | null;
}

const PageContext = createContext<PageContextValue | null>(null);

export function PageProvider({
  today: rendered,
  head = null,
  children,
}: {
  today: string;
  head?: HeadCollector | null;
  children: ReactNode;
}) {
  const [today, setToday] = useState(rendered);
  useEffect(() => {
    const own = todayUtc();
    if (own !== rendered) setToday(own);
  }, [rendered]);
  return <PageContext.Provider value={{ today, head }}>{children}</PageContext.Provider>;
}

/** The UTC day the page shows (the server's on the first render, then the browser's own). */
export function useToday(): string {
  const value = useContext(PageContext);
  // Outside a provider (a component test), the browser's own day.
  return value?.today ?? todayUtc();
}

export function useHeadCollector(): HeadCollector | null {
  return useContext(PageContext)?.head ?? null;
}

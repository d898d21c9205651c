import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header, page and footer: every route but /game. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="site">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="page" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

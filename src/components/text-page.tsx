import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/use-page-title';

/** A page of the shared layout with a title (also the document title). */
export function TextPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <article className="text-page">
      <h1>{title}</h1>
      {children}
    </article>
  );
}

/** Says plainly that a page's full content arrives with a later part of the product. */
export function Soon({ children }: { children: ReactNode }) {
  return <p className="soon">{children}</p>;
}

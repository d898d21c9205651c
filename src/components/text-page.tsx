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

import type { ReactNode } from 'react';
import { useStandIn } from '../lib/start-up/page-complete';
import { STRINGS } from '../strings';

/** The line a page shows while its code or its puzzle is on the way (src/lib/start-up/page-complete.ts). */
export function PageLoading({ children = STRINGS.loading }: { children?: ReactNode }) {
  useStandIn();
  return (
    <p className="page-loading" role="status">
      {children}
    </p>
  );
}

/** A stand-in that shows nothing, for a part of the page that may simply appear (the cookie banner). */
export function Pending() {
  useStandIn();
  return null;
}

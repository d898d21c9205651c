import { Link } from 'wouter';
import { useServerHead } from '../lib/page-context';
import { usePageTitle } from '../lib/use-page-title';
import { STRINGS } from '../strings';

interface ErrorScreenProps {
  /** e.g. "404 Not Found"; or the message of an error thrown while rendering. */
  status: string;
  detail?: string;
}

/** The fallback for an unmatched route, an unknown puzzle or an error while rendering. */
export function ErrorScreen({ status, detail }: ErrorScreenProps) {
  usePageTitle(status);
  // The server answers with the status shown ("404 Not Found" -> 404; an error -> 500).
  useServerHead({ status: /^\d{3}\b/.test(status) ? Number(status.slice(0, 3)) : 500 });
  return (
    <div className="error-screen">
      <h1>{STRINGS.errorTitle}</h1>
      <p className="error-status">{status}</p>
      {detail ? <p>{detail}</p> : null}
      <p>
        <Link href="/" className="button primary">
          {STRINGS.goHome}
        </Link>
      </p>
    </div>
  );
}

export function NotFoundScreen({ detail }: { detail?: string }) {
  return (
    <ErrorScreen
      status="404 Not Found"
      detail={
        detail ??
        'There is no page at this address. It may have moved, or the link may be mistyped.'
      }
    />
  );
}

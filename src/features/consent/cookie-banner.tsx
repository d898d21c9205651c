import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { saveConsent } from '../../lib/player-data/storage';
import { STRINGS } from '../../strings';
import { usePreferences } from '../../lib/preferences/preferences';
import { storePreferences } from '../../lib/preferences/stored-preferences';
import { closeCookieBanner, useConsent } from '../../lib/player-data/consent-state';

/** The consent choice (docs/spec.md §4): Accept stores "accepted" and reloads; Reject stores "rejected". */
export function CookieBanner({ reopened }: { reopened: boolean }) {
  const preferences = usePreferences();
  const ref = useRef<HTMLElement>(null);
  const consent = useConsent();
  useEffect(() => {
    if (reopened) ref.current?.focus();
  }, [reopened]);
  const accept = () => {
    saveConsent('accepted');
    // The choices made so far this visit are kept across the reload.
    storePreferences(preferences);
    window.location.reload();
  };
  const reject = () => {
    saveConsent('rejected');
    closeCookieBanner();
  };
  return (
    <section
      ref={ref}
      className="cookie-banner"
      aria-labelledby="cookie-banner-title"
      tabIndex={-1}
    >
      <div className="cookie-banner-inner">
        <div className="cookie-banner-text">
          <h2 id="cookie-banner-title">{STRINGS.cookieTitle}</h2>
          <p>
            {STRINGS.cookieText} <Link href="/privacy">{STRINGS.cookiePrivacy}</Link>
          </p>
          {consent ? (
            <p className="cookie-banner-current">{STRINGS.cookieCurrent(consent)}</p>
          ) : null}
        </div>
        <div className="cookie-banner-actions">
          <button type="button" className="button primary" onClick={accept}>
            Accept
          </button>
          <button type="button" className="button" onClick={reject}>
            Reject
          </button>
          {reopened && consent ? (
            <button type="button" className="link-button" onClick={closeCookieBanner}>
              {STRINGS.cookieKeep}
            </button>
          ) : null}
        </div>
      </div>
    </section>
  );
}

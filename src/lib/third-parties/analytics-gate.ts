import { readSiteConfig } from '../site-config';
import { readConsent, type Consent } from '../player-data/storage';

/**
 * Whether page views may be sent: an analytics id configured at build time AND cookies accepted.
 * Apart from analytics.ts, so the first load carries only this test and loads the rest only when
 * it passes.
 */
export interface AnalyticsGate {
  analyticsId: string | null;
  consent: Consent | null;
}

/** The id to send page views to, or null when they must not be sent. */
export function trackingId(gate: AnalyticsGate): string | null {
  return gate.analyticsId && gate.consent === 'accepted' ? gate.analyticsId : null;
}

/** The gate as it stands now. */
export const currentGate = (): AnalyticsGate => ({
  analyticsId: readSiteConfig().analyticsId,
  consent: readConsent(),
});

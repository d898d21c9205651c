import { useEffect, useRef, useState } from 'react';
import { browserAdHost, checkAdIds, runAd } from '../../lib/third-parties/ads';
import type { AdIds } from '../../../core/site-settings';
import { AD_STRINGS } from './ad-strings';

/**
 * One ad unit, at least 250 px tall. It needs a client and a slot id (build-time settings); any
 * failure (missing ids, blocked script, no network) shows why in place of the ad.
 */
export function AdSlot({ adClient, adSlot }: AdIds) {
  const container = useRef<HTMLModElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const error = checkAdIds({ adClient, adSlot }) ?? failure;
  useEffect(
    () =>
      runAd(
        { adClient, adSlot },
        browserAdHost(() => container.current),
        setFailure,
      ),
    [adClient, adSlot],
  );
  return (
    <section className="ad-slot" aria-label={AD_STRINGS.slotLabel}>
      {error ? (
        <div className="ad-failure">
          <p className="ad-failure-title">{AD_STRINGS.unavailable}</p>
          <p>{AD_STRINGS.blockers}</p>
          <p className="ad-failure-error">{AD_STRINGS.error(error)}</p>
        </div>
      ) : (
        <ins
          ref={container}
          className="adsbygoogle"
          data-ad-client={adClient ?? undefined}
          data-ad-slot={adSlot ?? undefined}
          data-ad-format="auto"
          data-full-width-responsive="true"
        />
      )}
    </section>
  );
}

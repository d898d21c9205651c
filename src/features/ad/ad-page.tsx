import { useLocation, useSearch } from 'wouter';
import { TextPage } from '../../components/text-page';
import { readSiteConfig } from '../../lib/site-config';
import { AD_STRINGS } from './ad-strings';
import { AdSlot } from './ad-slot';
import { continueHref, QUICK_BREAK_SECONDS } from './quick-break';
import { useCountdown } from './use-countdown';
import './ad.css';

/** /ad, the Quick Break between games: an ad slot and Continue after a 5-second countdown. */
export function AdPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const left = useCountdown(QUICK_BREAK_SECONDS);
  const { adClient, adSlot } = readSiteConfig();
  return (
    <TextPage title={AD_STRINGS.title}>
      <p>{AD_STRINGS.thanks}</p>
      <AdSlot adClient={adClient} adSlot={adSlot} />
      <p className="quick-break-actions">
        <button
          type="button"
          className="button primary large"
          disabled={left > 0}
          onClick={() => navigate(continueHref(search))}
        >
          {left > 0 ? AD_STRINGS.continueIn(left) : AD_STRINGS.continue}
        </button>
      </p>
    </TextPage>
  );
}

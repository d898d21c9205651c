import { useModal } from './modal-context';
import { openCookieSettings } from '../lib/player-data/consent-state';
import { STRINGS } from '../strings';

/** Reopens the cookie banner (footer, settings, statistics). */
export function CookieSettingsButton({ className = 'link-button' }: { className?: string }) {
  const { close } = useModal();
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        // A modal dialog would keep the banner behind it, out of reach.
        close();
        openCookieSettings();
      }}
    >
      {STRINGS.cookieSettings}
    </button>
  );
}

import { Link } from 'wouter';
import { ROUTES } from '../../core/routes';
import { CookieSettingsButton } from './cookie-settings-button';
import { STRINGS } from '../strings';

const FOOTER_LINKS = [
  { href: ROUTES.howToPlay, label: STRINGS.howToPlay },
  { href: ROUTES.archive, label: STRINGS.linkArchive },
  { href: ROUTES.about, label: STRINGS.linkAbout },
  { href: ROUTES.submitPuzzle, label: STRINGS.linkSubmitPuzzle },
  { href: ROUTES.create, label: STRINGS.linkCreate },
  { href: ROUTES.contact, label: STRINGS.linkContact },
  { href: ROUTES.twodle, label: STRINGS.linkTwodle },
  { href: ROUTES.terms, label: STRINGS.linkTerms },
  { href: ROUTES.privacy, label: STRINGS.linkPrivacy },
];

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <nav aria-label={STRINGS.footerNav}>
        <ul>
          {FOOTER_LINKS.map((link) => (
            <li key={link.href}>
              <Link href={link.href}>{link.label}</Link>
            </li>
          ))}
          <li>
            <CookieSettingsButton />
          </li>
        </ul>
      </nav>
      <p>{STRINGS.copyright}</p>
    </footer>
  );
}

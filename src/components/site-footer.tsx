import { Link } from 'wouter';
import { ROUTES } from '../../core/routes';
import { CookieSettingsButton } from './cookie-settings-button';

const FOOTER_LINKS = [
  { href: ROUTES.howToPlay, label: 'How to Play' },
  { href: ROUTES.archive, label: 'Archive' },
  { href: ROUTES.about, label: 'About' },
  { href: ROUTES.submitPuzzle, label: 'Submit a Puzzle' },
  { href: ROUTES.contact, label: 'Contact' },
  { href: ROUTES.twodle, label: 'Twodle' },
  { href: ROUTES.terms, label: 'Terms' },
  { href: ROUTES.privacy, label: 'Privacy' },
];

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <nav aria-label="Footer">
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
      <p>© 2025–2026 Linchpin. Made with care for word lovers.</p>
    </footer>
  );
}

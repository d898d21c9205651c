import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { ROUTES } from '../../core/routes';
import { NoteDot } from './note-dot';
import { STRINGS } from '../strings';
import { HelpIcon, LogoMark, MenuIcon, NoteIcon, SettingsIcon, StatsIcon } from './icons';
import { useModal } from './modal-context';

const MENU_LINKS = [
  { href: ROUTES.home, label: STRINGS.linkHome },
  { href: ROUTES.about, label: STRINGS.linkAbout },
  { href: ROUTES.submitPuzzle, label: STRINGS.linkSubmitPuzzle },
  { href: ROUTES.create, label: STRINGS.linkCreate },
  { href: ROUTES.contact, label: STRINGS.linkContact },
  { href: ROUTES.archive, label: STRINGS.linkArchive },
  { href: ROUTES.twodle, label: STRINGS.linkTwodle },
];

function SiteMenu() {
  const [location] = useLocation();
  // The menu is open only on the page where it was opened, so navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location;
  const setOpen = (value: boolean) => setOpenOn(value ? location : null);
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOn(null);
        toggle.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <div className="site-menu">
      <button
        ref={toggle}
        type="button"
        className="icon-button"
        aria-label={STRINGS.menu}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        <MenuIcon />
      </button>
      <nav id={menuId} className="menu-panel" hidden={!open} aria-label={STRINGS.siteNav}>
        <ul>
          {MENU_LINKS.map((link) => (
            <li key={link.href}>
              <Link href={link.href} aria-current={location === link.href ? 'page' : undefined}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

export function SiteHeader() {
  const { open } = useModal();
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <SiteMenu />
        <Link href={ROUTES.home} className="logo" aria-label={STRINGS.homeLinkName}>
          <LogoText />
        </Link>
        <div className="header-actions">
          <HeaderButton label={STRINGS.howToPlay} onClick={() => open({ kind: 'howToPlay' })}>
            <HelpIcon />
          </HeaderButton>
          <Link
            href={ROUTES.stats}
            className="icon-button"
            aria-label={STRINGS.statistics}
            title={STRINGS.statistics}
          >
            <StatsIcon />
          </Link>
          <HeaderButton
            label={STRINGS.authorsNote}
            className="note-dot-host"
            onClick={() => open({ kind: 'note' })}
          >
            <NoteIcon />
            <NoteDot />
          </HeaderButton>
          <SettingsButton />
        </div>
      </div>
    </header>
  );
}

/** A header's icon button: its name is also its tooltip. */
function HeaderButton({
  label,
  onClick,
  className,
  children,
}: {
  label: string;
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className ? `icon-button ${className}` : 'icon-button'}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** Settings, in the site's header and in the board's. */
export function SettingsButton() {
  const { open } = useModal();
  return (
    <HeaderButton label={STRINGS.settings} onClick={() => open({ kind: 'settings' })}>
      <SettingsIcon />
    </HeaderButton>
  );
}

export function LogoText() {
  return (
    <>
      <LogoMark />
      <span className="logo-word">{STRINGS.appName}</span>
    </>
  );
}

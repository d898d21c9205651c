import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ROUTES } from '../../core/routes';
import { NoteDot } from './note-dot';
import { STRINGS } from '../strings';
import { HelpIcon, LogoMark, MenuIcon, NoteIcon, SettingsIcon, StatsIcon } from './icons';
import { useModal } from './modal-context';

const MENU_LINKS = [
  { href: ROUTES.home, label: 'Home' },
  { href: ROUTES.about, label: 'About' },
  { href: ROUTES.submitPuzzle, label: 'Submit a Puzzle' },
  { href: ROUTES.contact, label: 'Contact' },
  { href: ROUTES.archive, label: 'Archive' },
  { href: ROUTES.twodle, label: 'Twodle' },
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
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        <MenuIcon />
      </button>
      <nav id={menuId} className="menu-panel" hidden={!open} aria-label="Site">
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
        <Link href="/" className="logo" aria-label={STRINGS.homeLinkName}>
          <LogoText />
        </Link>
        <div className="header-actions">
          <button
            type="button"
            className="icon-button"
            aria-label="How to Play"
            title="How to Play"
            onClick={() => open({ kind: 'howToPlay' })}
          >
            <HelpIcon />
          </button>
          <Link
            href={ROUTES.stats}
            className="icon-button"
            aria-label="Statistics"
            title="Statistics"
          >
            <StatsIcon />
          </Link>
          <button
            type="button"
            className="icon-button note-dot-host"
            aria-label="Author's note"
            title="Author's note"
            onClick={() => open({ kind: 'note' })}
          >
            <NoteIcon />
            <NoteDot />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label="Settings"
            title="Settings"
            onClick={() => open({ kind: 'settings' })}
          >
            <SettingsIcon />
          </button>
        </div>
      </div>
    </header>
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

import { Link } from 'wouter';
import { SettingsIcon } from '../../components/icons';
import { useModal } from '../../components/modal-context';
import { LogoText } from '../../components/site-header';
import { STRINGS } from '../../strings';

/** The board's slim header: the logo home and Settings. */
export function GameHeader() {
  const { open } = useModal();
  return (
    <header className="game-header">
      <Link href="/" className="logo" aria-label={STRINGS.homeLinkName}>
        <LogoText />
      </Link>
      <button
        type="button"
        className="icon-button"
        aria-label={STRINGS.settings}
        title={STRINGS.settings}
        onClick={() => open({ kind: 'settings' })}
      >
        <SettingsIcon />
      </button>
    </header>
  );
}

import { Link } from 'wouter';
import { LogoText, SettingsButton } from '../../components/site-header';
import { STRINGS } from '../../strings';

/** The board's slim header: the logo home and Settings. */
export function GameHeader() {
  return (
    <header className="game-header">
      <Link href="/" className="logo" aria-label={STRINGS.homeLinkName}>
        <LogoText />
      </Link>
      <SettingsButton />
    </header>
  );
}

import { Link } from 'wouter';
import { ROUTES } from '../../core/routes';
import { useModal } from './modal-context';

/** The control's name, the same on /stats, in Settings and as /transfer's title (docs/decisions.md). */
export const MOVE_GAMES = 'Move your games to another device';

/**
 * "Move your games to another device": opens /transfer, whose code (and the QR code's library)
 * loads only there. Used by /stats and Settings (a modal closes as it goes).
 */
export function MoveGamesLink({ className = 'button' }: { className?: string }) {
  const { close } = useModal();
  return (
    <Link href={ROUTES.transfer} className={className} onClick={close}>
      {MOVE_GAMES}
    </Link>
  );
}

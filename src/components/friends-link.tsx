import { Link } from 'wouter';
import { ROUTES } from '../../core/routes';
import { useModal } from './modal-context';

/** The control's name, the same on /stats, in Settings, on a finished game and as /friends' title. */
export const PLAY_WITH_FRIENDS = 'Play with friends';

/**
 * "Play with friends": opens /friends, whose code loads only there. Used by /stats, Settings (a
 * modal closes as it goes) and the finished game's result.
 */
export function FriendsLink({ className = 'button' }: { className?: string }) {
  const { close } = useModal();
  return (
    <Link href={ROUTES.friends} className={className} onClick={close}>
      {PLAY_WITH_FRIENDS}
    </Link>
  );
}

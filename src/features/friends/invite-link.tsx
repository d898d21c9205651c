import { invitePath } from '../../../core/friends';
import type { StoredGroup } from '../../../core/friends-schema';
import { ShareableLink } from '../../components/shareable-link';
import { siteAddress } from '../../lib/site-address';
import { FRIENDS_STRINGS as T } from './friends-strings';

/** A group's invite: `https://<site>/friends/join#<code>`, as a QR code, a link and Share. */
export function InviteLink({ group }: { group: StoredGroup }) {
  return (
    <section aria-labelledby="invite-title">
      <h3 id="invite-title">{T.inviteTitle}</h3>
      <p>{T.inviteIntro}</p>
      <ShareableLink
        url={siteAddress() + invitePath(group.invite)}
        id="invite-link"
        qrLabel={T.qrLabel}
        linkLabel={T.inviteLabel}
        shareText={T.shareText}
        qrTooLong={T.qrTooLong}
        qrUnavailable={T.qrUnavailable}
      />
    </section>
  );
}

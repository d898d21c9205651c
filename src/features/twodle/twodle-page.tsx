import { Link } from 'wouter';
import { ROUTES } from '../../../core/routes';
import { TextPage } from '../../components/text-page';
import { TWODLE_STRINGS } from './twodle-strings';
import './twodle.css';

/** Files made by scripts/make-twodle-video.sh. */
const VIDEO = '/media/twodle-demo.webm';
const POSTER = '/media/twodle-poster.webp';

/** /twodle: a coming-soon teaser for the sister game, with its demo video. */
export function TwodlePage() {
  return (
    <TextPage title={TWODLE_STRINGS.title}>
      <p className="twodle-kicker">{TWODLE_STRINGS.kicker}</p>
      <p className="twodle-lead">{TWODLE_STRINGS.lead}</p>
      <figure className="twodle-demo">
        <video
          src={VIDEO}
          poster={POSTER}
          width={960}
          height={540}
          muted
          loop
          controls
          playsInline
          preload="none"
          aria-label={TWODLE_STRINGS.videoLabel}
          aria-describedby="twodle-video-description"
        />
        <figcaption id="twodle-video-description">{TWODLE_STRINGS.videoDescription}</figcaption>
      </figure>
      <p>{TWODLE_STRINGS.howItWorks}</p>
      <p className="twodle-invite">{TWODLE_STRINGS.invite}</p>
      <p>
        <Link href={ROUTES.game} className="button primary">
          {TWODLE_STRINGS.playLinchpin}
        </Link>
      </p>
    </TextPage>
  );
}

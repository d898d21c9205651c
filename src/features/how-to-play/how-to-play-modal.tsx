import { Modal } from '../../components/modal';
import { HowToPlayDemo } from './how-to-play-demo';
import { HowToPlayText } from './how-to-play-text';
import { HOW_TO_PLAY_STRINGS } from './how-to-play-strings';

export function HowToPlayModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title={HOW_TO_PLAY_STRINGS.title} onClose={onClose}>
      <HowToPlayDemo />
      <HowToPlayText />
    </Modal>
  );
}

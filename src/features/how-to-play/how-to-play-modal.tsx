import { Modal } from '../../components/modal';
import { HowToPlayDemo } from './how-to-play-demo';
import { HowToPlayText } from './how-to-play-text';

export function HowToPlayModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="How to Play" onClose={onClose}>
      <HowToPlayDemo />
      <HowToPlayText />
    </Modal>
  );
}

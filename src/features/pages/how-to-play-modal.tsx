import { Modal } from '../../components/modal';
import { HowToPlayText } from './how-to-play-text';

export function HowToPlayModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="How to Play" onClose={onClose}>
      <HowToPlayText />
    </Modal>
  );
}

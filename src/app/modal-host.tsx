import { lazy, Suspense } from 'react';
import { useModal } from '../components/modal-context';

const SettingsModal = lazy(() =>
  import('../features/settings/settings-modal').then((m) => ({ default: m.SettingsModal })),
);
const HowToPlayModal = lazy(() =>
  import('../features/how-to-play/how-to-play-modal').then((m) => ({ default: m.HowToPlayModal })),
);
const NoteModal = lazy(() =>
  import('../features/author-note/note-modal').then((m) => ({ default: m.NoteModal })),
);
const ShareModal = lazy(() =>
  import('../features/share/share-modal').then((m) => ({ default: m.ShareModal })),
);

/** Renders the one open modal, loading its code on first use. */
export function ModalHost() {
  const { modal, close } = useModal();
  if (!modal) return null;
  return (
    <Suspense fallback={null}>
      {modal.kind === 'settings' && <SettingsModal onClose={close} />}
      {modal.kind === 'howToPlay' && <HowToPlayModal onClose={close} />}
      {modal.kind === 'note' && <NoteModal onClose={close} />}
      {modal.kind === 'share' && (
        <ShareModal onClose={close} message={modal.message} copyAtOnce={modal.copyAtOnce} />
      )}
    </Suspense>
  );
}

import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ShareMessage } from '../../core/share';

/** The one modal that may be open at a time. */
export type ModalState =
  | { kind: 'settings' }
  | { kind: 'howToPlay' }
  | { kind: 'note' }
  /** A result to share; `copyAtOnce` when the share sheet failed and the text is copied instead. */
  | { kind: 'share'; message: ShareMessage; copyAtOnce?: boolean };

interface ModalContextValue {
  modal: ModalState | null;
  open: (modal: ModalState) => void;
  close: () => void;
}

const ModalContext = createContext<ModalContextValue | null>(null);

export function ModalProvider({ children }: { children: ReactNode }) {
  const [modal, setModal] = useState<ModalState | null>(null);
  const value = useMemo(() => ({ modal, open: setModal, close: () => setModal(null) }), [modal]);
  return <ModalContext.Provider value={value}>{children}</ModalContext.Provider>;
}

export function useModal(): ModalContextValue {
  const value = useContext(ModalContext);
  if (!value) throw new Error('useModal needs a ModalProvider');
  return value;
}

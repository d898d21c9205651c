import { useEffect } from 'react';
import { Link } from 'wouter';
import { Modal } from '../../components/modal';
import { usePreferences } from '../../lib/preferences/preferences';

export const NOTE_DATE = 'October 26, 2025';

/** The author's note (docs/spec.md §1), in the project's own words. */
export function NoteModal({ onClose }: { onClose: () => void }) {
  const { seenNote, update } = usePreferences();
  // Opened once, the header's dot stops pulsing.
  useEffect(() => {
    if (!seenNote) update({ seenNote: true });
  }, [seenNote, update]);
  return (
    <Modal title="A note from the author" onClose={onClose}>
      <p className="note-date">{NOTE_DATE}</p>
      <p>Dear puzzlers,</p>
      <p>
        I owe you an apology. For the past few weeks Linchpin went quiet while life pulled me
        elsewhere, and some of you wrote to ask whether the daily puzzle would come back. It has,
        and thank you for waiting.
      </p>
      <p>
        Linchpin is made by one person in spare evenings, and it has grown bigger than those
        evenings. If you enjoy writing puzzles, testing them, or fixing things, I would love your
        help keeping the game going.
      </p>
      <p>
        <Link href="/contact" onClick={onClose}>
          Get in touch through the contact page
        </Link>
        , or send a puzzle of your own.
      </p>
      <p>Thank you for playing. — the author</p>
    </Modal>
  );
}

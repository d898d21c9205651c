import { usePreferences } from '../lib/preferences/preferences';
import './note-dot.css';

/** The pulsing dot on the header's note button, until the author's note has been opened. */
export function NoteDot() {
  const { seenNote } = usePreferences();
  if (seenNote) return null;
  return <span className="note-dot" aria-hidden="true" />;
}

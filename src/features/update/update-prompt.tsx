import { UPDATE_STRINGS } from '../../strings';
import './update-prompt.css';

interface UpdatePromptProps {
  /** Activates the waiting version and reloads; null while there is nothing new. */
  apply: (() => void) | null;
  onDismiss: () => void;
}

/**
 * "A new version of Linchpin is ready." with Reload and Dismiss. The polite live region is always
 * there, so screen readers hear the message when it appears; focus stays where the player is.
 */
export function UpdatePrompt({ apply, onDismiss }: UpdatePromptProps) {
  return (
    <div role="status" className="update-region">
      {apply ? (
        <div className="update-toast">
          <p className="update-toast-text">{UPDATE_STRINGS.ready}</p>
          <button type="button" className="button primary" onClick={apply}>
            {UPDATE_STRINGS.reload}
          </button>
          <button
            type="button"
            className="icon-button update-toast-dismiss"
            aria-label={UPDATE_STRINGS.dismiss}
            onClick={onDismiss}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}

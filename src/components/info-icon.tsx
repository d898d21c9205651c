import { ICON_PROPS } from './icons';

/** The game's "i" of the mode's info popup: a module of its own, so the entry carries only the header's icons. */
export const InfoIcon = () => (
  <svg {...ICON_PROPS} width={18} height={18}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v6" />
    <circle cx="12" cy="7.5" r=".6" fill="currentColor" />
  </svg>
);

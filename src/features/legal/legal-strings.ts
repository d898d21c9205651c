/** The stored-data tables' text on the privacy page (the pages' prose is in legal-pages.tsx). */
export const LEGAL_STRINGS = {
  storedName: 'Name',
  storedPurpose: 'What it holds',
  storedLifetime: 'Kept for',
  cookiesCaption: 'Cookies',
  recordsCaption: 'Records in this browser’s local storage',
} as const;

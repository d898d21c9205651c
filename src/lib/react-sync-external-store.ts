/**
 * wouter imports `useSyncExternalStore` from the `use-sync-external-store` shim, written for React
 * versions that lacked it. React 19 has its own, which the shim would only wrap: vite.config.ts
 * points the shim here, and the first load carries ~0.35 KB (gzip) less.
 */
export { useSyncExternalStore } from 'react';

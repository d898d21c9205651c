// The entry of a worker thread running one of the server's TypeScript modules: the server runs
// under tsx (`node --import tsx`), whose hooks a worker thread does not inherit, so they are
// registered here before the module (its address in workerData.entry) is imported.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);

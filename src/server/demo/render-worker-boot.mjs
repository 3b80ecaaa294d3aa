// Worker threads do not inherit tsx's loader: register it, then load the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./render-worker.ts');

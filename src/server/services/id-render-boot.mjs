// A child process does not inherit tsx's loader: register it, then load the TypeScript child.
import { register } from 'tsx/esm/api';

register();
await import('./id-render-child.ts');

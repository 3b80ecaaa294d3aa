/// <reference types="vite/client" />
/** Set by vite.config.ts: changes with every build, so a new build drops the persisted cache. */
declare const __BUILD_ID__: string;

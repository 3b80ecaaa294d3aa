// Imported first by each entry: zod would test whether it may compile parsers with `new Function`,
// and under our Content-Security-Policy (no 'unsafe-eval') that test is refused and reported as a
// violation. Parsing without compiled parsers is fast enough for the app's small answers.
// zod keeps its settings in one object on globalThis that every copy of it shares (z.config writes
// there); made before zod loads, it is the one zod takes. So the entry sets it without importing
// zod, whose core would otherwise join the home page's first load (4 KB gzip); zod-jitless.test.ts
// checks that zod still reads it.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

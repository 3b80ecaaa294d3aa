// ESLint: the recommended JavaScript and typescript-eslint rules, and the rules of React hooks
// for the app. Formatting is Prettier's (npm run format), not ESLint's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Layer boundaries. Imports are relative, so each pattern matches the folder a path climbs to:
// `app/` (with its slash) is src/app, never the server's own app.ts. Dynamic import() is not checked.
const layer = (regex, message) => ({ regex, message });
const SERVER = layer('^(\\.\\./)+server/', 'The app runs in the browser; it talks to the server over HTTP only.');
const APP = layer('^(\\.\\./)+app/', 'The server must not depend on browser code; move what both need to src/shared.');
const ROUTES = layer('^(\\.\\./)+routes/', 'Routes sit on top: lower layers take their logic from services or repositories.');
const PLUGINS = layer('^(\\.\\./)+plugins/', 'Plugins wire Fastify; data code takes HttpError from http-error.ts, not a plugin.');
const FEATURES = layer('^(\\.\\./)+features/', 'Screens sit above the shared code: move what both need below features/ (components, lib).');
const ROUTE_TABLE = layer(
  '^(\\.\\./)+routes/',
  'The route table sits on top of the app: pass what a lower part needs in, or move it down.',
);
const WIDGETS = layer(
  '^(\\.\\./)+(components|pwa)/',
  'The app libraries and storage hold no widgets: move the logic down to lib/ instead.',
);
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist/', 'build/', 'data/', '.tmp/', 'test-results/', 'playwright-report/', 'node_modules/', 'scratch/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.serviceworker } },
    rules: {
      // The server's query layer and JSON answers are typed at their edges with zod.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  // The app is a client of the server's API, never of its code.
  { files: ['src/app/**/*.{ts,tsx}'], rules: restrict(SERVER) },
  // Screens use one another's pieces (a feature's public face is whatever it exports; the folders
  // must only never import each other round a loop: src/app/import-cycles.test.ts), and nothing
  // below them knows the route table.
  { files: ['src/app/features/**/*.{ts,tsx}'], rules: restrict(SERVER, ROUTE_TABLE) },
  // Widgets and the service worker's glue are shared by the screens, so they never import one.
  { files: ['src/app/{components,pwa}/**/*.{ts,tsx}'], rules: restrict(SERVER, FEATURES, ROUTE_TABLE) },
  // The app libraries and the device's storage are below the widgets and the screens alike.
  {
    files: ['src/app/{lib,db,outbox,downloads}/**/*.{ts,tsx}'],
    rules: restrict(SERVER, FEATURES, ROUTE_TABLE, WIDGETS),
  },
  // Shared code runs in the app, the server and the service worker alike, so it depends on none of them.
  {
    files: ['src/shared/**/*.ts'],
    rules: restrict(layer('^(\\.\\./)+(app|server|sw)/', 'src/shared is below the app, the server and the service worker.')),
  },
  // The server runs in Node; browser code would pull the DOM into it.
  { files: ['src/server/**/*.ts'], rules: restrict(APP) },
  // The server's config keeps the DOM's types (the SAML XML parser's types need them), so the
  // browser's globals are refused here instead.
  {
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage'] },
  },
  // Repositories are the bottom of the server (SQL only): no HTTP wiring or routes above them.
  { files: ['src/server/repositories/**/*.ts'], rules: restrict(APP, ROUTES, PLUGINS) },
  // Services are called by routes, jobs and tools, so they cannot depend on a route.
  { files: ['src/server/services/**/*.ts'], rules: restrict(APP, ROUTES) },
  // Plugins wrap every route; one that imports a route ties the whole server to it.
  { files: ['src/server/plugins/**/*.ts'], rules: restrict(APP, ROUTES) },
  // The service worker is its own bundle: it may share the app's storage code, never a screen's.
  {
    files: ['sw/**/*.ts'],
    rules: restrict(layer('(^|/)app/features/', 'The service worker must not pull in app features; move what it needs below them.')),
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The reader keeps page URLs and its token in refs on purpose: a renewed token must not
    // re-render (and so reload) the pages on screen. The compiler's refs rule does not fit that.
    files: ['src/app/features/reader/ReaderApp.tsx'],
    rules: { 'react-hooks/refs': 'off' },
  },
);

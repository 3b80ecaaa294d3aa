import fs from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const manifest = JSON.parse(fs.readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'));
const buildId = Date.now().toString(36);

export default defineConfig({
  root: '.',
  publicDir: 'public',
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    // The reader is its own small page (reader.html), opened in a new tab.
    rollupOptions: { input: { main: 'index.html', reader: 'reader.html' } },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/content': 'http://127.0.0.1:8080', '/media': 'http://127.0.0.1:8080' } },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      injectManifest: {
        // The shell and the reader with their screens and the English table (bundled into the entry); the Hindi
        // table and fonts are cached by the service worker when first used.
        globPatterns: ['index.html', 'reader.html', 'assets/*.{js,css}', 'icons/icon-192.png', 'icons/badge-96.png', 'favicon.svg'],
        globIgnores: ['assets/hi-*.js', 'assets/devanagari-*.css'],
      },
    }),
  ],
});

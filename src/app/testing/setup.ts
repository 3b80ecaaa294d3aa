// Component tests (vitest project "components", happy-dom): the app's English texts loaded as the
// app loads them, and a clean page, storage and cookies after each test.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import i18n, { initI18n, loadScreenTexts } from '../lib/i18n';

beforeAll(async () => {
  if (!i18n.isInitialized) {
    await initI18n('en');
    await loadScreenTexts();
  }
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  vi.useRealTimers();
  vi.restoreAllMocks();
});

import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';
import en from '../../src/locales/en.json';
import studioEn from '../../src/locales/studio/en.json';

// English resources in memory and a synchronous init: component tests never wait for a chunk.
await i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en, studio: studioEn } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

// The app fetches its cart code and the signed-in screens as separate chunks. Loaded once here, every
// test's `import()` answers from the module cache instead of waiting for a transform.
await Promise.all([import('../../src/machines/app/cart-area'), import('../../src/ui/app/main-routes')]);
// jsdom has no ResizeObserver; Headless UI's anchored menus (the header's language menu) watch their
// button with one. Nothing is laid out in jsdom, so there is nothing to report.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
// A busy machine renders slower than a laptop: a find waits up to 30 s (only a failing test waits that
// long), so no test fails because the machine is busy.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
});

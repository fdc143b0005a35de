import 'i18next';
import type en from '../../locales/en.json';
import type studio from '../../locales/studio/en.json';

// English is the source of truth for keys: a typo in t('...') is a type error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en; studio: typeof studio };
  }
}

import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../src/ui/app/i18n';
import { loadPortalTexts } from '../../src/ui/app/portal-texts';

// A fresh instance per test: the detector reads the page once, at init.
const start = () => initI18n(i18next.createInstance());

// The detector reads the `i18next` cookie through document.cookie, so the test writes it the same way.
const setLanguageCookie = (value: string, maxAge = 3600) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the detector under test reads document.cookie
  document.cookie = `i18next=${value}; max-age=${maxAge}; path=/`;
};

afterEach(() => {
  window.history.replaceState(null, '', '/');
  setLanguageCookie('', 0);
  document.documentElement.lang = 'en';
  document.documentElement.dir = '';
});

describe('interface language', () => {
  it('?lng=ar loads Arabic and lays the page out right to left', async () => {
    window.history.replaceState(null, '', '/?lng=ar');
    const i18n = await start();
    expect(i18n.language).toBe('ar');
    expect(i18n.t('login.rememberMe')).toBe('تذكرني');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  it('the query string wins over the cookie, the cookie over localStorage', async () => {
    localStorage.setItem('i18nextLng', 'sv');
    setLanguageCookie('de');
    expect((await start()).language).toBe('de');

    window.history.replaceState(null, '', '/?lng=fr');
    expect((await start()).language).toBe('fr');
  });

  it('remembers the choice in localStorage and keeps left to right for other languages', async () => {
    window.history.replaceState(null, '', '/?lng=tr');
    const i18n = await start();
    expect(localStorage.getItem('i18nextLng')).toBe('tr');
    expect(i18n.t('login.submit')).toBe('Giriş yap');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('falls back to English for an unsupported language and a regional variant to its language', async () => {
    window.history.replaceState(null, '', '/?lng=pt');
    expect((await start()).resolvedLanguage).toBe('en');

    window.history.replaceState(null, '', '/?lng=de-AT');
    const german = await start();
    expect(german.resolvedLanguage).toBe('de');
    expect(german.t('login.submit')).toBe('Anmelden');
  });

  it("loads the signed-in portal's texts only when asked, in every language loaded before or after", async () => {
    window.history.replaceState(null, '', '/?lng=de');
    const i18n = await start();
    expect(i18n.exists('menu.orders')).toBe(false);

    await loadPortalTexts(i18n);
    expect(i18n.t('menu.orders')).toBe('Bestellungen');
    expect(i18n.t('menu.orders', { lng: 'en' })).toBe('Orders');
    await i18n.changeLanguage('sv');
    expect(i18n.t('menu.orders')).toBe('Beställningar');
    expect(i18n.t('login.submit')).toBe('Logga in');
  });

  it('switching language at run time updates lang and dir on <html>', async () => {
    const i18n = await start();
    await i18n.changeLanguage('ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await i18n.changeLanguage('nn');
    expect(document.documentElement).toHaveAttribute('lang', 'nn');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });
});

import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import ar from '../../../src/locales/ar.json';
import de from '../../../src/locales/de.json';
import en from '../../../src/locales/en.json';
import fr from '../../../src/locales/fr.json';
import { formatFileSize } from '../../../src/ui/screens/documents/file-size';

async function translator(language: string): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: {
      en: { translation: en },
      de: { translation: de },
      fr: { translation: fr },
      ar: { translation: ar },
    },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

describe('file size in words', () => {
  it('uses bytes, whole kilobytes and megabytes with one decimal', async () => {
    const t = await translator('en');
    expect(formatFileSize(1, t, 'en')).toBe('1 byte');
    expect(formatFileSize(900, t, 'en')).toBe('900 bytes');
    expect(formatFileSize(24_576, t, 'en')).toBe('24 KB');
    expect(formatFileSize(1_258_291, t, 'en')).toBe('1.2 MB');
    expect(formatFileSize(3 * 1024 * 1024, t, 'en')).toBe('3 MB');
    expect(formatFileSize(null, t, 'en')).toBeNull();
  });

  it('follows the language: its decimal separator and its unit words', async () => {
    expect(formatFileSize(1_258_291, await translator('de'), 'de')).toBe('1,2 MB');
    expect(formatFileSize(24_576, await translator('fr'), 'fr')).toBe('24 Ko');
    expect(formatFileSize(1_258_291, await translator('fr'), 'fr')).toBe('1,2 Mo');
    // Latin digits, as prices and dates show them
    expect(formatFileSize(24_576, await translator('ar'), 'ar')).toBe('24 كيلوبايت');
    expect(formatFileSize(2, await translator('ar'), 'ar')).toBe('بايتان');
  });

  it('Arabic relative dates have their plural forms', async () => {
    const t = await translator('ar');
    expect(t('dates.createdDaysAgo', { count: 1 })).toBe('أُنشئ قبل يوم واحد');
    expect(t('dates.createdDaysAgo', { count: 2 })).toBe('أُنشئ قبل يومين');
    expect(t('dates.createdDaysAgo', { count: 5 })).toBe('أُنشئ قبل 5 أيام');
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { unitTexts } from '../../server/seed/translations';

const languages = ['en', 'tr', 'de', 'ar', 'es', 'fr', 'it', 'nn', 'sv'] as const;
const localesDir = join(import.meta.dirname, '../../src/locales');

async function translator(language: (typeof languages)[number]) {
  const instance = i18next.createInstance();
  const translation = JSON.parse(readFileSync(join(localesDir, `${language}.json`), 'utf8'));
  await instance.init({
    lng: language,
    resources: { [language]: { translation } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

/**
 * "1 crate holds 20 bottles" as the product dialog builds it (ProductDialogBody's unitHolds): the
 * pack's singular name, the amount, and the inner unit's plural, with the unit names the server
 * answers in that language.
 */
async function unitHolds(
  language: (typeof languages)[number],
  packId: number,
  innerId: number,
  amount: string,
) {
  const t = await translator(language);
  const pack = unitTexts[packId]?.[language];
  const inner = unitTexts[innerId]?.[language];
  return t('product.unitHolds', { unit: pack?.name, amount, base: inner?.name_plural });
}

describe('the unit sentence of the product dialog, with the server’s unit names', () => {
  it.each([
    ['en', '1 crate holds 20 bottles'],
    ['de', '1 Kiste enthält 20 Flaschen'],
    ['tr', '1 kasa 20 şişe içerir'],
    ['ar', 'عدد زجاجات في كل صندوق: 20'],
    ['es', '1 cajón contiene 20 botellas'],
    ['fr', '1 casier contient 20 bouteilles'],
    ['it', '1 cassa contiene 20 bottiglie'],
    ['nn', '1 kasse inneheld 20 flasker'],
    ['sv', '1 back innehåller 20 flaskor'],
  ] as const)('%s: %s', async (language, sentence) => {
    expect(await unitHolds(language, 5, 4, '20')).toBe(sentence);
  });

  it('reads naturally for a box of pieces and a pallet of boxes too', async () => {
    expect(await unitHolds('de', 2, 1, '12')).toBe('1 Karton enthält 12 Stück');
    expect(await unitHolds('de', 3, 2, '80')).toBe('1 Palette enthält 80 Kartons');
    expect(await unitHolds('tr', 3, 2, '80')).toBe('1 palet 80 koli içerir');
    expect(await unitHolds('ar', 2, 1, '12')).toBe('عدد قطع في كل كرتون: 12');
  });
});

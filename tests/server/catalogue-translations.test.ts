import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { languageFromAcceptLanguage } from '../../server/i18n/request-language';
import { selectProducts } from '../../server/queries/products';
import { categorySources } from '../../server/seed/catalogue-source';
import {
  announcementTexts,
  categoryTexts,
  notificationTexts,
  unitTexts,
} from '../../server/seed/translations';
import {
  announcementWire,
  categoryWire,
  notificationWire,
  productWire,
  unitWire,
} from '../../src/services/api/wire/catalog';
import { productLookupResultWire } from '../../src/services/api/wire/orders';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let client: TestClient;
let access: string;
beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server.app);
  ({ access } = await client.signIn('buyer', 'buyer123'));
});
afterAll(() => server.close());

/** A signed-in GET with the given Accept-Language header (none when undefined). */
async function getIn(path: string, acceptLanguage: string | undefined) {
  const headers: Record<string, string> = { Authorization: `Bearer ${access}` };
  if (acceptLanguage !== undefined) headers['Accept-Language'] = acceptLanguage;
  const response = await client.request(path, { headers });
  expect(response.status).toBe(200);
  return response;
}
const json = async (path: string, acceptLanguage: string | undefined) =>
  (await getIn(path, acceptLanguage)).json();

const categories = async (acceptLanguage?: string) =>
  z.array(categoryWire).parse(await json('/api/netb2b/categories/', acceptLanguage));
const units = async (acceptLanguage?: string) =>
  z.array(unitWire).parse(await json('/api/netb2b/product-units/', acceptLanguage));
const notifications = async (acceptLanguage?: string) =>
  z.array(notificationWire).parse(await json('/api/netb2b/notifications/', acceptLanguage));
const announcements = async (acceptLanguage?: string) =>
  z.array(announcementWire).parse(await json('/api/baf/announcements/', acceptLanguage));

const arabicScript = /[\u0600-\u06FF]/;
const englishCategoryNames = categorySources.map((c) => c.name).sort();

describe('Accept-Language → the answer language', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['de', 'de'],
    ['de-DE', 'de'],
    ['DE-at', 'de'],
    ['de-CH,fr;q=0.9', 'de'],
    ['xx', 'en'],
    ['xx, fr;q=0.9', 'fr'],
    ['fr;q=0.5, ar;q=0.8', 'ar'],
    ['en-US,en;q=0.9,de;q=0.8', 'en'],
    ['de;q=0, tr', 'tr'],
    ['sv;q=abc, it', 'it'],
    ['ar-SA', 'ar'],
    ['nb-NO,nb;q=0.9', 'nn'],
    ['no', 'nn'],
    ['nn-NO', 'nn'],
    ['*', 'en'],
    ['xx;q=1, es;q=0.1', 'es'],
    [' tr-TR ; q=0.7 , de ; q=0.7', 'tr'],
  ])('%j → %s', (header, language) => {
    expect(languageFromAcceptLanguage(header)).toBe(language);
  });

  it('marks the answers as varying with Accept-Language', async () => {
    const response = await getIn('/api/netb2b/categories/', 'de');
    expect(response.headers.get('Vary') ?? '').toMatch(/accept-language/i);
  });
});

describe('categories', () => {
  it('come back in German for de, and de-CH,fr;q=0.9 picks German', async () => {
    const german = await categories('de');
    expect(german.find((c) => c.id === 1)?.name).toBe('Milchprodukte & Käse');
    expect(german.map((c) => c.name).sort()).toEqual(
      Object.values(categoryTexts)
        .map((t) => t.de.name)
        .sort(),
    );
    expect(await categories('de-CH,fr;q=0.9')).toEqual(german);
  });

  it('come back in Arabic script for ar', async () => {
    const arabic = await categories('ar');
    expect(arabic.find((c) => c.id === 1)?.name).toBe('الألبان والأجبان');
    for (const category of arabic) expect(category.name).toMatch(arabicScript);
  });

  it('come back in English for an unknown language and without the header', async () => {
    expect((await categories('xx')).map((c) => c.name).sort()).toEqual(englishCategoryNames);
    expect((await categories()).map((c) => c.name).sort()).toEqual(englishCategoryNames);
  });

  it.each(['en', 'de', 'ar', 'tr', 'fr', 'sv', 'nn'])(
    'are sorted by their %s name for a %s reader',
    async (language) => {
      const names = (await categories(language)).map((c) => c.name);
      expect(names).toEqual([...names].sort(new Intl.Collator(language, { sensitivity: 'base' }).compare));
    },
  );

  it('sort letters where the language puts them, not by code point', async () => {
    const french = (await categories('fr')).map((c) => c.name);
    // É sorts with E in French (a code-point sort puts it after Z).
    expect(french.indexOf('Épicerie sèche')).toBe(french.indexOf('Emballages et jetables') + 1);
    expect(french.indexOf('Épices et sauces')).toBeLessThan(french.indexOf('Fruits et légumes'));
    const turkish = (await categories('tr')).map((c) => c.name);
    // Ç is its own letter right after C in Turkish.
    expect(turkish.indexOf('Çay ve Kahve')).toBe(turkish.indexOf('Bira ve Şarap') + 1);
  });
});

describe('units', () => {
  it('come back in German for de, with singular and plural', async () => {
    const german = await units('de');
    expect(german.find((u) => u.id === 5)).toMatchObject({ name: 'Kiste', name_plural: 'Kisten' });
    expect(german.find((u) => u.id === 4)).toMatchObject({ name: 'Flasche', name_plural: 'Flaschen' });
    expect(german.find((u) => u.id === 1)).toMatchObject({ name: 'Stück', name_plural: 'Stück' });
    // Everything but the texts is the same as in English.
    const english = await units();
    expect(german.map(({ name, name_plural, ...rest }) => rest)).toEqual(
      english.map(({ name, name_plural, ...rest }) => rest),
    );
  });

  it('come back in Arabic for ar', async () => {
    for (const unit of await units('ar')) {
      expect(unit.name).toMatch(arabicScript);
      expect(unit.name_plural).toMatch(arabicScript);
    }
  });

  it('come back in English for xx and without the header', async () => {
    for (const header of ['xx', undefined]) {
      const english = await units(header);
      expect(english.find((u) => u.id === 5)).toMatchObject({ name: 'crate', name_plural: 'crates' });
      expect(english.map((u) => u.name)).toEqual(
        Object.keys(unitTexts).map((id) => unitTexts[Number(id)]?.en.name),
      );
    }
  });
});

describe('the quick order code lookup', () => {
  /** The units the lookup answers for a handful of stock codes, in the given Accept-Language. */
  async function lookedUpUnits(acceptLanguage: string | undefined) {
    // a client of its own, so the CSRF cookie it is handed is the one its header echoes
    const poster = new TestClient(server.app);
    const csrf = /csrftoken=([^;]+)/.exec(
      (await poster.request('/config.json')).headers.get('Set-Cookie') ?? '',
    );
    const headers: Record<string, string> = {
      Authorization: `Bearer ${access}`,
      'Content-Type': 'application/json',
      'X-CSRFToken': csrf?.[1] ?? '',
    };
    if (acceptLanguage !== undefined) headers['Accept-Language'] = acceptLanguage;
    const codes = (
      await server.database.db.selectFrom('products').select('stock_code').orderBy('id').limit(40).execute()
    ).map((row) => row.stock_code);
    const response = await poster.request('/api/netb2b/products/lookup/', {
      method: 'POST',
      headers,
      body: JSON.stringify({ codes }),
    });
    expect(response.status).toBe(200);
    return productLookupResultWire.parse(await response.json()).units;
  }

  it.each([['de'], ['ar'], ['xx'], [undefined]])(
    'names its units as the unit list does for Accept-Language %s',
    async (acceptLanguage) => {
      const looked = await lookedUpUnits(acceptLanguage);
      expect(looked.length).toBeGreaterThan(1);
      const listed = new Map((await units(acceptLanguage)).map((unit) => [unit.id, unit]));
      expect(looked).toEqual(looked.map((unit) => listed.get(unit.id)));
    },
  );
});

describe('the category of a product', () => {
  it('is named in the request language in a product answer', async () => {
    const english = productWire.parse(await json('/api/netb2b/products/1/', undefined));
    const texts = categoryTexts[english.category.id];
    expect(english.category.name).toBe(texts?.en.name);
    const german = productWire.parse(await json('/api/netb2b/products/1/', 'de'));
    expect(german.category).toEqual({ id: english.category.id, name: texts?.de.name });
    const arabic = productWire.parse(await json('/api/netb2b/products/1/', 'ar'));
    expect(arabic.category.name).toBe(texts?.ar.name);
    expect(productWire.parse(await json('/api/netb2b/products/1/', 'xx')).category.name).toBe(texts?.en.name);
    expect(productWire.parse(await json('/api/netb2b/products/1/', 'de-CH,fr;q=0.9')).category.name).toBe(
      texts?.de.name,
    );
  });

  it('is named in the language selectProducts is given, English by default outside a request', async () => {
    const db = server.database.db;
    const [german] = await selectProducts(db, 'de').where('p.id', '=', 1).execute();
    const [plain] = await selectProducts(db).where('p.id', '=', 1).execute();
    const texts = categoryTexts[german?.category_id ?? 0];
    expect(german?.category_name).toBe(texts?.de.name);
    expect(plain?.category_name).toBe(texts?.en.name);
  });

  it('falls back to English when the language has no text', async () => {
    const db = server.database.db;
    await db
      .deleteFrom('category_translations')
      .where('category_id', '=', 1)
      .where('language', '=', 'sv')
      .execute();
    try {
      const [row] = await selectProducts(db, 'sv').where('p.category_id', '=', 1).limit(1).execute();
      expect(row?.category_name).toBe('Dairy & Cheese');
      expect((await categories('sv')).find((c) => c.id === 1)?.name).toBe('Dairy & Cheese');
    } finally {
      await db
        .insertInto('category_translations')
        .values({ category_id: 1, language: 'sv', name: categoryTexts[1]?.sv.name ?? '' })
        .execute();
    }
  });
});

describe('notifications', () => {
  it('come back in German for de, one by one and after marking read too', async () => {
    const german = await notifications('de');
    expect(german.map((n) => n.name)).toContain('Ihre Bestellung ist unterwegs');
    for (const notification of german) {
      expect(notification).toMatchObject(notificationTexts[notification.id]?.de ?? {});
    }
    const [first] = german;
    const one = notificationWire.parse(await json(`/api/netb2b/notifications/${first?.id}/`, 'de-DE'));
    expect(one.name).toBe(first?.name);
    const cookie = /csrftoken=([^;]+)/.exec(
      (await server.app.request('/config.json')).headers.get('Set-Cookie') ?? '',
    )?.[1];
    const read = await server.app.request(`/api/netb2b/notifications/${first?.id}/read/`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${access}`,
        'Accept-Language': 'de',
        Cookie: `csrftoken=${cookie}`,
        'X-CSRFToken': cookie ?? '',
      },
    });
    expect(read.status).toBe(200);
    expect(notificationWire.parse(await read.json()).name).toBe(first?.name);
  });

  it('come back in Arabic for ar and in English for xx and without the header', async () => {
    for (const notification of await notifications('ar')) {
      expect(notification.name).toMatch(arabicScript);
      expect(notification.description).toMatch(arabicScript);
    }
    const english = await notifications();
    expect(english.map((n) => n.name)).toContain('Your order is on its way');
    expect(await notifications('xx')).toEqual(english);
  });
});

describe('announcements', () => {
  it('come back in German for de, Arabic for ar, English for xx and without the header', async () => {
    for (const announcement of await announcements('de')) {
      expect(announcement).toMatchObject(announcementTexts[announcement.id]?.de ?? {});
    }
    for (const announcement of await announcements('ar')) {
      expect(announcement.name).toMatch(arabicScript);
      expect(announcement.description).toMatch(arabicScript);
    }
    const english = await announcements();
    expect(english.map((a) => a.name)).toContain('Holiday delivery schedule');
    expect(await announcements('xx')).toEqual(english);
    expect(await announcements('de-CH,fr;q=0.9')).toEqual(await announcements('de'));
  });
});

import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-env';
import type { BrandWire, CategoryWire, UnitWire } from '../http/wire-answers';
import { languageFromAcceptLanguage } from '../i18n/request-language';
import { byName, translatedCategories, translateRows } from '../queries/translations';

export const brandImagePath = (id: number) => `/media/brands/${id}.svg`;

/** The small lists the catalogue screens are built from, and the customer's currency. */
export function catalogueRoutes({ db }: AppDeps) {
  const routes = new Hono<AppEnv>();

  // Names in the request's language (Accept-Language), English when missing.
  routes.get('/categories/', async (c) => {
    const answer: CategoryWire[] = await translatedCategories(
      db,
      languageFromAcceptLanguage(c.req.header('Accept-Language')),
    );
    return c.json(answer);
  });

  // Sorted like the categories, in JS (byName): the engines' ORDER BY on text differ.
  routes.get('/brands/', async (c) => {
    const brands = await db.selectFrom('brands').select(['id', 'name']).orderBy('id').execute();
    brands.sort(byName(languageFromAcceptLanguage(c.req.header('Accept-Language'))));
    const answer: BrandWire[] = brands.map((brand) => ({ ...brand, image: brandImagePath(brand.id) }));
    return c.json(answer);
  });

  routes.get('/product-units/', async (c) => {
    const units = await translateRows(
      db,
      'unit',
      await db.selectFrom('units').selectAll().orderBy('id').execute(),
      ['name', 'name_plural'],
      languageFromAcceptLanguage(c.req.header('Accept-Language')),
    );
    const answer: UnitWire[] = units.map((unit) => ({
      id: unit.id,
      base: unit.base_id,
      name: unit.name,
      name_plural: unit.name_plural,
      is_primary: unit.is_primary === 1,
    }));
    return c.json(answer);
  });

  routes.get('/deprecated_get-customer-currency/', async (c) => {
    const company = await db
      .selectFrom('companies')
      .select('currency_symbol')
      .where('id', '=', c.get('user').companyId)
      .executeTakeFirstOrThrow();
    return c.json({ symbol: company.currency_symbol });
  });

  return routes;
}

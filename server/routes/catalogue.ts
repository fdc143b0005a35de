import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-env';
import { languageFromAcceptLanguage } from '../i18n/request-language';
import { translatedCategories, translateRows } from '../queries/translations';

export const brandImagePath = (id: number) => `/media/brands/${id}.svg`;

/** The small lists the catalogue screens are built from, and the customer's currency. */
export function catalogueRoutes({ db }: AppDeps) {
  const routes = new Hono<AppEnv>();

  // Names in the request's language (Accept-Language), English when missing.
  routes.get('/categories/', async (c) =>
    c.json(await translatedCategories(db, languageFromAcceptLanguage(c.req.header('Accept-Language')))),
  );

  routes.get('/brands/', async (c) => {
    const brands = await db
      .selectFrom('brands')
      .select(['id', 'name'])
      .orderBy('name')
      .orderBy('id')
      .execute();
    return c.json(brands.map((brand) => ({ ...brand, image: brandImagePath(brand.id) })));
  });

  routes.get('/product-units/', async (c) => {
    const units = await translateRows(
      db,
      'unit',
      await db.selectFrom('units').selectAll().orderBy('id').execute(),
      ['name', 'name_plural'],
      languageFromAcceptLanguage(c.req.header('Accept-Language')),
    );
    return c.json(
      units.map((unit) => ({
        id: unit.id,
        base: unit.base_id,
        name: unit.name,
        name_plural: unit.name_plural,
        is_primary: unit.is_primary === 1,
      })),
    );
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

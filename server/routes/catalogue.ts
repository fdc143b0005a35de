import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-env';
import type { BrandWire, CategoryWire, UnitWire } from '../http/wire-answers';
import { currentRequestLanguage } from '../i18n/request-language';
import { brandsByName, companyCurrencySymbol, translatedUnits } from '../queries/catalogue';
import { translatedCategories } from '../queries/translations';

export const brandImagePath = (id: number) => `/media/brands/${id}.svg`;

/**
 * The small lists the catalogue screens are built from, names in the request's language (English
 * when missing), and the customer's currency.
 */
export function catalogueRoutes({ db }: AppDeps) {
  const routes = new Hono<AppEnv>();

  routes.get('/categories/', async (c) => {
    const answer: CategoryWire[] = await translatedCategories(db, currentRequestLanguage());
    return c.json(answer);
  });

  routes.get('/brands/', async (c) => {
    const brands = await brandsByName(db, currentRequestLanguage());
    const answer: BrandWire[] = brands.map((brand) => ({ ...brand, image: brandImagePath(brand.id) }));
    return c.json(answer);
  });

  routes.get('/product-units/', async (c) => {
    const units = await translatedUnits(db, currentRequestLanguage());
    const answer: UnitWire[] = units.map((unit) => ({
      id: unit.id,
      base: unit.base_id,
      name: unit.name,
      name_plural: unit.name_plural,
      is_primary: unit.is_primary === 1,
    }));
    return c.json(answer);
  });

  routes.get('/deprecated_get-customer-currency/', async (c) =>
    c.json({ symbol: await companyCurrencySymbol(db, c.get('user').companyId) }),
  );

  return routes;
}

import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { gtinSpellings, toGtin14 } from '../../src/domain/gtin';
import { primaryUnitOf } from '../../src/domain/units';
import type { GtinMatchWire } from '../../src/services/api/wire/gtin';
import type { Database } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { loadUnits } from '../orders/catalogue-snapshot';
import { productForViewer } from '../queries/demo-figures';
import { visibleToCompany } from '../queries/product-visibility';
import { selectProducts, toProductWires } from '../queries/products';

/**
 * The units carrying the GTIN in any length it can be written in (codes stay stored as imported), of
 * products the company may see. The few strings let the plain index on product_units.gtin answer on
 * both engines; no order or limit, which would tempt a planner to walk the primary key instead (a
 * GTIN is on one unit, a few where stored data clash).
 */
export function unitsCarrying(db: Kysely<Database>, gtin14: string, companyId: number) {
  return db
    .selectFrom('product_units as pu')
    .innerJoin('products as p', 'p.id', 'pu.product_id')
    .select(['pu.product_id', 'pu.unit_id'])
    .where('pu.gtin', 'in', gtinSpellings(gtin14))
    .where(visibleToCompany(companyId, 'p'));
}

/** The visible product and unit whose GTIN this is, the lowest ids first should two carry it. */
async function findGtin(
  db: Kysely<Database>,
  gtin14: string,
  companyId: number,
): Promise<{ productId: number; unitId: number | null } | undefined> {
  const [unit] = (await unitsCarrying(db, gtin14, companyId).execute()).sort(
    (a, b) => a.product_id - b.product_id || a.unit_id - b.unit_id,
  );
  if (unit) return { productId: unit.product_id, unitId: unit.unit_id };
  // a product whose units carry no codes is still found by its barcode, the piece's code
  const products = await db
    .selectFrom('products as p')
    .select('p.id')
    .where('p.barcode', 'in', gtinSpellings(gtin14))
    .where(visibleToCompany(companyId, 'p'))
    .execute();
  const lowest = Math.min(...products.map((row) => row.id));
  return Number.isFinite(lowest) ? { productId: lowest, unitId: null } : undefined;
}

/**
 * GET /netb2b/products/by-gtin/{code}/ (capability `barcodeLookup`): the product a scanned GTIN names,
 * priced for the caller as every product answer is, and the unit the code is printed on (a case code
 * names the box, a unit code the piece). The code may be written in 8, 12, 13 or 14 digits. A product
 * the customer may not see answers as an unknown code; a demo account sees it without figures.
 */
export function productsByGtinRoutes({ db, now }: AppDeps) {
  const routes = new Hono<AppEnv>();

  routes.get('/products/by-gtin/:code/', async (c) => {
    const user = c.get('user');
    const gtin = toGtin14(c.req.param('code').trim());
    if (!gtin)
      throw new ApiError(400, {
        detail: 'Expected a GTIN of 8, 12, 13 or 14 digits with a correct check digit.',
        code: 'invalid_gtin',
        errors: { code: ['Expected a GTIN of 8, 12, 13 or 14 digits with a correct check digit.'] },
      });
    const found = await findGtin(db, gtin, user.companyId);
    const rows = found ? await selectProducts(db).where('p.id', '=', found.productId).execute() : [];
    const [product] = await toProductWires(db, rows, now(), user);
    if (!found || !product)
      throw new ApiError(404, { detail: 'No product carries this GTIN.', code: 'unknown_gtin' });
    const unit =
      found.unitId ??
      primaryUnitOf({ id: product.id, unitAmounts: product.unit_amounts }, await loadUnits(db))?.id;
    if (unit === undefined)
      throw new ApiError(404, { detail: 'No product carries this GTIN.', code: 'unknown_gtin' });
    const answer: GtinMatchWire = { product: productForViewer(user, product), unit, gtin };
    return c.json(answer);
  });

  return routes;
}

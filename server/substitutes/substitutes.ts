import type { Kysely } from 'kysely';
import { toDecimal } from '../../src/domain/decimal';
import { primaryUnitOf, unitMultiplier } from '../../src/domain/units';
import type { SubstitutesAnswerWire } from '../../src/services/api/wire/substitutes';
import type { Database } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { CurrentUser } from '../http/app-env';
import { addCartLine, rejectionError } from '../orders/cart-writes';
import { chunked, loadCatalogueSnapshot } from '../orders/catalogue-snapshot';
import { checkLine } from '../orders/line-rules';
import { productForViewer } from '../queries/demo-figures';
import { visibleToCompany } from '../queries/product-visibility';
import { selectProducts, toProductWires } from '../queries/products';

/** Whether the user's company or the user has forbidden substitution. */
export async function substitutionForbidden(
  db: Kysely<Database>,
  user: Pick<CurrentUser, 'id' | 'companyId'>,
) {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .select(['u.forbids_substitutes as user_forbids', 'c.forbids_substitutes as company_forbids'])
    .where('u.id', '=', user.id)
    .executeTakeFirst();
  return {
    companyForbids: Number(row?.company_forbids ?? 0) === 1,
    userForbids: Number(row?.user_forbids ?? 0) === 1,
  };
}

/**
 * The alternatives of each asked product that the customer may see (the visibility predicate, on the
 * primary too: a product the customer cannot see has nothing to offer), priced for the customer as
 * every product answer is, in the supplier's rank order. None at all when substitution is forbidden.
 */
export async function substitutesFor(
  db: Kysely<Database>,
  productIds: readonly number[],
  now: Date,
  user: CurrentUser,
): Promise<SubstitutesAnswerWire> {
  const forbidden = await substitutionForbidden(db, user);
  if (forbidden.companyForbids || forbidden.userForbids) return { forbidden: true, substitutes: [] };
  const ids = [...new Set(productIds)];
  const mappings: { product_id: number; substitute_id: number; rank: number; reason: string }[] = [];
  for (const chunk of chunked(ids))
    mappings.push(
      ...(await db
        .selectFrom('product_substitutes as s')
        .innerJoin('products as primary', 'primary.id', 's.product_id')
        .innerJoin('products as p', 'p.id', 's.substitute_id')
        .select(['s.product_id', 's.substitute_id', 's.rank', 's.reason'])
        .where('s.product_id', 'in', chunk)
        .where(visibleToCompany(user.companyId, 'p'))
        // a retired primary still has its substitutes: that is when they are wanted most
        .where(visibleToCompany(user.companyId, 'primary', { retired: true }))
        .orderBy('s.product_id')
        .orderBy('s.rank')
        .orderBy('s.substitute_id')
        .execute()),
    );
  const alternativeIds = [...new Set(mappings.map((row) => row.substitute_id))];
  const wires = new Map<number, Awaited<ReturnType<typeof toProductWires>>[number]>();
  for (const chunk of chunked(alternativeIds)) {
    const rows = await selectProducts(db).where('p.id', 'in', chunk).execute();
    for (const wire of await toProductWires(db, rows, now, user)) wires.set(wire.id, wire);
  }
  return {
    forbidden: false,
    substitutes: ids.map((productId) => ({
      product_id: productId,
      alternatives: mappings
        .filter((row) => row.product_id === productId)
        .flatMap((row) => {
          const wire = wires.get(row.substitute_id);
          return wire ? [{ product: productForViewer(user, wire), reason: row.reason, rank: row.rank }] : [];
        }),
    })),
  };
}

const notASubstitute = () =>
  new ApiError(404, { code: 'not_a_substitute', detail: 'The supplier offers no such substitute.' });

/**
 * Takes `substitute` instead of `product`: the substitute's line (in its primary unit, at most what is
 * in stock) remembers the product asked for, and the product's own cart line, if any, goes. One
 * transaction, so the cart never holds both or neither.
 */
export async function acceptSubstitute(
  db: Kysely<Database>,
  user: CurrentUser,
  request: { product: number; substitute: number; pieces?: number | undefined },
  now: Date,
) {
  const forbidden = await substitutionForbidden(db, user);
  if (forbidden.companyForbids || forbidden.userForbids)
    throw new ApiError(409, {
      code: 'substitution_forbidden',
      detail: 'Substitution is switched off for this account.',
    });
  const offered = await substitutesFor(db, [request.product], now, user);
  const alternative = offered.substitutes[0]?.alternatives.find((a) => a.product.id === request.substitute);
  if (!alternative) throw notASubstitute();
  return db.transaction().execute(async (trx) => {
    const primaryLine = await trx
      .selectFrom('cart_items')
      .select(['id', 'quantity', 'unit_id'])
      .where('user_id', '=', user.id)
      .where('product_id', '=', request.product)
      .executeTakeFirst();
    const catalogue = await loadCatalogueSnapshot(trx, [request.product, request.substitute], now, user);
    let pieces = request.pieces;
    const primary = catalogue.products.get(request.product);
    if (pieces === undefined && primaryLine && primary)
      pieces = toDecimal(String(primaryLine.quantity))
        .times(unitMultiplier(primary.product, primaryLine.unit_id, catalogue.units))
        .toNumber();
    const entry = catalogue.products.get(request.substitute);
    if (!entry) throw notASubstitute();
    const unit = primaryUnitOf(entry.product, catalogue.units);
    const stock = entry.product.quantityInStock ?? 0;
    const wanted = Math.max(1, Math.min(pieces ?? 1, stock));
    const check = checkLine(
      { product: request.substitute, quantity: String(wanted), unit: unit?.id ?? 0 },
      catalogue,
    );
    if (!check.ok) throw rejectionError(check.rejection);
    if (primaryLine) await trx.deleteFrom('cart_items').where('id', '=', primaryLine.id).execute();
    const { id } = await addCartLine(trx, user.id, check.line, now);
    await trx
      .updateTable('cart_items')
      .set({ substitute_for: request.product })
      .where('id', '=', id)
      .execute();
    return {
      id,
      quantity: check.line.quantity,
      unit: check.line.unitId,
      replaced_item: primaryLine?.id ?? null,
    };
  });
}

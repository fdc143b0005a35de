import { Hono } from 'hono';
import { cartBulkWriteWire, cartItemWriteWire, productLookupWire } from '../../src/services/api/wire/orders';
import { ApiError, notFound } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import type { ProductLookupResultWire } from '../http/wire-answers';
import { currentRequestLanguage } from '../i18n/request-language';
import { addCartLine, checkedCartLine, replaceCartLine, writeBulkCartLines } from '../orders/cart-writes';
import { lookUpProductCodes } from '../orders/product-lookup';
import { cartItemsOf, deleteOwnCartItem, ownCartItem } from '../queries/cart';
import { productForViewer } from '../queries/demo-figures';
import { demoDetails, refuseDemoAccounts } from '../security/refuse-demo';

const itemPath = '/cart-items/:id{[0-9]{1,9}}/';
const noSuchItem = () => notFound('No cart item has this id.');

/**
 * The signed-in user's own cart (one per user, one line per product; nobody else's lines are
 * visible: another user's id is a 404), plus quick order's bulk lookup and bulk add (adding to or
 * replacing what the cart holds).
 */
export function cartItemRoutes({ db, now }: AppDeps) {
  const routes = new Hono<AppEnv>();

  // A demo account has no cart to fill (spec point 6); it reads its empty cart, and removing a
  // line that is not there answers 404 as for anyone.
  routes.on(['POST', 'PUT'], ['/cart-items/*', '/products/lookup/'], refuseDemoAccounts(demoDetails.cart));

  // ?detailed=true is what the client sends; the answer always carries the full product.
  routes.get('/cart-items/', async (c) => {
    const user = c.get('user');
    // A demo account has no cart; should a line exist anyway, its product shows no figures either.
    const items = await cartItemsOf(db, user.id, now(), user);
    return c.json(items.map((item) => ({ ...item, product: productForViewer(user, item.product) })));
  });

  routes.post('/cart-items/', async (c) => {
    const user = c.get('user');
    const body = await readJsonBody(c, cartItemWriteWire);
    const line = await checkedCartLine(db, body, now(), user);
    // The cart is keyed by product: adding a product already in it updates its line (quantity,
    // unit and today's campaign) and answers 200; a new line answers 201.
    const { id, created } = await addCartLine(db, user.id, line, now());
    return c.json({ id, quantity: line.quantity, unit: line.unitId }, created ? 201 : 200);
  });

  routes.put(itemPath, async (c) => {
    const user = c.get('user');
    const item = await ownCartItem(db, user.id, Number(c.req.param('id')));
    if (!item) throw noSuchItem();
    const body = await readJsonBody(c, cartItemWriteWire);
    if (body.product !== item.product_id)
      throw new ApiError(400, {
        detail: "A cart line's product cannot change; remove the line and add the other product.",
        code: 'product_mismatch',
        errors: { product: ['Expected the product of this cart line.'] },
      });
    const line = await checkedCartLine(db, body, now(), user);
    // Gone since it was read: an order placed meanwhile took it out of the cart (or another tab
    // deleted it); answering 200 would claim a change the order never saw.
    if (!(await replaceCartLine(db, user.id, item.id, line, now()))) throw noSuchItem();
    return c.json({ id: item.id, quantity: line.quantity, unit: line.unitId });
  });

  routes.delete(itemPath, async (c) => {
    if (!(await deleteOwnCartItem(db, c.get('user').id, Number(c.req.param('id'))))) throw noSuchItem();
    return c.body(null, 204);
  });

  routes.post('/cart-items/bulk/', async (c) => {
    const body = await readJsonBody(c, cartBulkWriteWire);
    return c.json({
      results: await writeBulkCartLines(
        db,
        c.get('user').id,
        body.items,
        now(),
        c.get('user'),
        body.mode ?? 'replace',
      ),
    });
  });

  routes.post('/products/lookup/', async (c) => {
    const body = await readJsonBody(c, productLookupWire);
    const answer: ProductLookupResultWire = await lookUpProductCodes(
      db,
      body.codes,
      now(),
      currentRequestLanguage(),
      c.get('user'),
    );
    return c.json(answer);
  });

  return routes;
}

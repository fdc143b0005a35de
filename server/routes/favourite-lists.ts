import { type Context, Hono } from 'hono';
import { FAVOURITE_LINES_PER_LIST_MAX } from '../../src/domain/favourite-rules';
import {
  favouriteItemWriteWire,
  favouriteListCreateWire,
  favouriteListUpdateWire,
  orderGuideBuildWire,
} from '../../src/services/api/wire/favourites';
import { lineLimitError, noSuchList, notOnListError, notOwnerError } from '../favourites/list-errors';
import { createList, deleteList, putListItem, removeListItem, updateList } from '../favourites/list-writes';
import { buildOrderGuide } from '../favourites/order-guide-build';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv, CurrentUser } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { currentRequestLanguage } from '../i18n/request-language';
import { listSummaries, listSummary, listWithItems, visibleList } from '../queries/favourite-lists';
import { demoDetails, refuseDemoAccounts } from '../security/refuse-demo';

const listPath = '/favourite-lists/:id{[0-9]{1,9}}/';
const itemPath = '/favourite-lists/:id{[0-9]{1,9}}/items/:product{[0-9]{1,9}}/';

/**
 * Favourite lists: a user's own lists and the company's shared ones. Any other list id answers 404
 * like one that does not exist; only the owner changes a list (403 `not_owner`). Demo mode hides
 * them (spec point 6).
 */
export function favouriteListRoutes({ db, now }: AppDeps) {
  const routes = new Hono<AppEnv>();

  routes.use('/favourite-lists/*', refuseDemoAccounts(demoDetails.favouriteLists));

  /** The list the caller may change: 404 when not visible, 403 when someone else's shared list. */
  async function ownList(user: CurrentUser, id: number) {
    const row = await visibleList(db, user, id);
    if (!row) throw noSuchList();
    if (row.user_id !== user.id) throw notOwnerError();
    return row;
  }

  const summaryOf = async (user: CurrentUser, id: number) => {
    const summary = await listSummary(db, user, id);
    if (!summary) throw noSuchList();
    return summary;
  };

  routes.get('/favourite-lists/', async (c) => {
    const user = c.get('user');
    return c.json(await listSummaries(db, user, currentRequestLanguage()));
  });

  routes.post('/favourite-lists/', async (c) => {
    const user = c.get('user');
    const body = await readJsonBody(c, favouriteListCreateWire).catch(async (error: unknown) => {
      // More lines than a list holds is the limit's refusal, not a schema message.
      if (
        error instanceof ApiError &&
        error.body.errors?.items &&
        (await lineCount(c)) > FAVOURITE_LINES_PER_LIST_MAX
      )
        throw lineLimitError('items');
      throw error;
    });
    const id = await createList(db, user, body, now());
    return c.json(await summaryOf(user, id), 201);
  });

  // An order guide of what the customer ordered in the last 90 days (capability `orderGuides`).
  routes.post('/favourite-lists/order-guide/', async (c) => {
    const user = c.get('user');
    const body = await readJsonBody(c, orderGuideBuildWire);
    const id = await buildOrderGuide(db, user, body.name, now());
    return c.json(await summaryOf(user, id), 201);
  });

  routes.get(listPath, async (c) => {
    const user = c.get('user');
    const row = await visibleList(db, user, Number(c.req.param('id')));
    if (!row) throw noSuchList();
    return c.json(await listWithItems(db, user, row, now()));
  });

  routes.patch(listPath, async (c) => {
    const user = c.get('user');
    const list = await ownList(user, Number(c.req.param('id')));
    const body = await readJsonBody(c, favouriteListUpdateWire);
    await updateList(db, user.id, list.id, body, now());
    return c.json(await summaryOf(user, list.id));
  });

  routes.delete(listPath, async (c) => {
    const user = c.get('user');
    const list = await ownList(user, Number(c.req.param('id')));
    await deleteList(db, list.id);
    return c.body(null, 204);
  });

  routes.put(itemPath, async (c) => {
    const user = c.get('user');
    const list = await ownList(user, Number(c.req.param('id')));
    const body = await readJsonBody(c, favouriteItemWriteWire);
    await putListItem(
      db,
      list.id,
      {
        product: Number(c.req.param('product')),
        quantity: body.quantity,
        unit: body.unit,
        ...(body.par_level === undefined ? {} : { parLevel: body.par_level }),
        ...(body.shelf_position === undefined ? {} : { shelfPosition: body.shelf_position }),
      },
      now(),
      user,
    );
    return c.json(await summaryOf(user, list.id));
  });

  routes.delete(itemPath, async (c) => {
    const user = c.get('user');
    const list = await ownList(user, Number(c.req.param('id')));
    if (!(await removeListItem(db, list.id, Number(c.req.param('product')), now()))) throw notOnListError();
    return c.json(await summaryOf(user, list.id));
  });

  return routes;
}

/** How many lines a refused create body carries (0 when it is not a list). */
async function lineCount(c: Context<AppEnv>): Promise<number> {
  try {
    const raw: unknown = JSON.parse(await c.req.text());
    const items = typeof raw === 'object' && raw !== null ? (raw as { items?: unknown }).items : undefined;
    return Array.isArray(items) ? items.length : 0;
  } catch {
    return 0;
  }
}

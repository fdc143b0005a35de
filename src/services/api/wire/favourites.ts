import * as z from 'zod/mini';
import {
  FAVOURITE_LINES_PER_LIST_MAX,
  FAVOURITE_LIST_NAME_MAX_LENGTH,
} from '../../../domain/favourite-rules';
import { PAR_LEVEL_MAX, PAR_LEVEL_MAX_PLACES, SHELF_POSITION_MAX } from '../../../domain/par-level';
import type {
  FavouriteLineWrite,
  FavouriteList,
  FavouriteListItem,
  FavouriteListSummary,
} from '../../../domain/types';
import { productWire, toProduct } from './catalog';
import { decimalAnswer, decimalString, id, idRef, isoDateTime, namedRef, singleLine } from './primitives';

// Favourite lists (docs/api.md "Favourite lists"). Answers are parsed loosely; request bodies
// carry the limits of domain/favourite-rules.ts, so the server refuses what the forms refuse.

/** A list without its products: GET /netb2b/favourite-lists/ and every write's answer. */
export const favouriteListSummaryWire = z.object({
  id,
  name: z.string(),
  shared: z.boolean(),
  owner: namedRef,
  editable: z.boolean(),
  owner_is_main_user: z.boolean(),
  product_ids: z.array(id),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  /** capability `orderGuides`: some line has a par level (absent: false) */
  order_guide: z.optional(z.boolean()),
});
type FavouriteListSummaryWire = z.infer<typeof favouriteListSummaryWire>;
export const toFavouriteListSummary = (w: FavouriteListSummaryWire): FavouriteListSummary => ({
  id: w.id,
  name: w.name,
  shared: w.shared,
  owner: w.owner,
  editable: w.editable,
  ownerIsMainUser: w.owner_is_main_user,
  productIds: w.product_ids,
  createdAt: w.created_at,
  updatedAt: w.updated_at,
  ...(w.order_guide ? { orderGuide: true } : {}),
});

/**
 * One line: `product` is null when the product is no longer sold, or, with `unavailable`, no longer
 * to this customer (retired, or out of its assortments: the line stays, and shows it again should
 * it come back).
 */
export const favouriteListItemWire = z.object({
  product_id: id,
  product: z.nullable(productWire),
  quantity: decimalAnswer,
  unit: id,
  added_at: isoDateTime,
  unavailable: z.optional(z.enum(['product_not_available'])),
  /** capability `orderGuides`: what should be on the shelf, in the product's primary unit */
  par_level: z.optional(z.nullable(decimalAnswer)),
  /** capability `orderGuides`: where a stock-take walks the line (1 first) */
  shelf_position: z.optional(z.nullable(z.int())),
});
const toFavouriteListItem = (w: z.infer<typeof favouriteListItemWire>): FavouriteListItem => ({
  productId: w.product_id,
  product: w.product === null ? null : toProduct(w.product),
  quantity: w.quantity,
  unit: w.unit,
  addedAt: w.added_at,
  ...(w.unavailable === undefined ? {} : { unavailable: true }),
  ...(w.par_level == null ? {} : { parLevel: w.par_level }),
  ...(w.shelf_position == null ? {} : { shelfPosition: w.shelf_position }),
});

/** GET /netb2b/favourite-lists/{id}/: the list with its lines, today's prices and stock. */
export const favouriteListWire = z.object({
  ...favouriteListSummaryWire.shape,
  items: z.array(favouriteListItemWire),
});
export const toFavouriteList = (w: z.infer<typeof favouriteListWire>): FavouriteList => ({
  ...toFavouriteListSummary(w),
  items: w.items.map(toFavouriteListItem),
});

const listName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'A list needs a name.'),
    z.maxLength(FAVOURITE_LIST_NAME_MAX_LENGTH, `At most ${FAVOURITE_LIST_NAME_MAX_LENGTH} characters.`),
    singleLine(),
  );

/** A positive decimal quantity (the unit decides whether fractions make sense; the server checks). */
const positiveQuantity = decimalString.check(
  z.refine((value) => !/^-/.test(value) && /[1-9]/.test(value), 'The quantity must be above 0.'),
);

/** A par level: at least 0, at most PAR_LEVEL_MAX, at most three places (null: the line has none). */
const parLevel = decimalString.check(
  z.refine(
    (value) =>
      !/^-/.test(value) &&
      (value.split('.')[1] ?? '').length <= PAR_LEVEL_MAX_PLACES &&
      Number(value) <= PAR_LEVEL_MAX,
    `A par level is a number from 0 to ${PAR_LEVEL_MAX} with at most ${PAR_LEVEL_MAX_PLACES} decimals.`,
  ),
);
const shelfPosition = z
  .int()
  .check(
    z.minimum(1, 'A shelf position is 1 or more.'),
    z.maximum(SHELF_POSITION_MAX, `A shelf position is at most ${SHELF_POSITION_MAX}.`),
  );

/**
 * Body of PUT /netb2b/favourite-lists/{id}/items/{product}/: the line's preferred quantity and unit;
 * with capability `orderGuides` also its par level and shelf position (left out: unchanged; null: none).
 */
export const favouriteItemWriteWire = z.object({
  quantity: positiveQuantity,
  unit: idRef,
  par_level: z.optional(z.nullable(parLevel)),
  shelf_position: z.optional(z.nullable(shelfPosition)),
});
export type FavouriteItemWriteWire = z.infer<typeof favouriteItemWriteWire>;

/** One line of a new list (from a quick-order preview). */
export const favouriteLineWriteWire = z.object({ product: idRef, quantity: positiveQuantity, unit: idRef });
export const fromFavouriteLine = (line: FavouriteLineWrite): z.infer<typeof favouriteLineWriteWire> => ({
  ...line,
});

/** Body of POST /netb2b/favourite-lists/: a new list, private unless shared, optionally with lines. */
export const favouriteListCreateWire = z.object({
  name: listName,
  shared: z.optional(z.boolean()),
  items: z.optional(
    z
      .array(favouriteLineWriteWire)
      .check(
        z.maxLength(
          FAVOURITE_LINES_PER_LIST_MAX,
          `A list holds at most ${FAVOURITE_LINES_PER_LIST_MAX} products.`,
        ),
      ),
  ),
});
export type FavouriteListCreateWire = z.infer<typeof favouriteListCreateWire>;

/** Body of PATCH /netb2b/favourite-lists/{id}/: a new name, shared or private, or both. */
export const favouriteListUpdateWire = z.object({
  name: z.optional(listName),
  shared: z.optional(z.boolean()),
});
export type FavouriteListUpdateWire = z.infer<typeof favouriteListUpdateWire>;

/**
 * Body of POST /netb2b/favourite-lists/order-guide/ (capability `orderGuides`): a new order guide of
 * the products the customer ordered in the last 90 days, under this name.
 */
export const orderGuideBuildWire = z.object({ name: listName });
export type OrderGuideBuildWire = z.infer<typeof orderGuideBuildWire>;

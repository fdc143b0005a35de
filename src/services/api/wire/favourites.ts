import * as z from 'zod/mini';
import {
  FAVOURITE_LINES_PER_LIST_MAX,
  FAVOURITE_LIST_NAME_MAX_LENGTH,
} from '../../../domain/favourite-rules';
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
});
const toFavouriteListItem = (w: z.infer<typeof favouriteListItemWire>): FavouriteListItem => ({
  productId: w.product_id,
  product: w.product === null ? null : toProduct(w.product),
  quantity: w.quantity,
  unit: w.unit,
  addedAt: w.added_at,
  ...(w.unavailable === undefined ? {} : { unavailable: true }),
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

/** Body of PUT /netb2b/favourite-lists/{id}/items/{product}/: the line's preferred quantity and unit. */
export const favouriteItemWriteWire = z.object({ quantity: positiveQuantity, unit: idRef });

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

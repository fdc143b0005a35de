import type { ImportKind } from '../db/schema';
import type { ImportKindHandler } from './import-kind';
import { assortmentsKind } from './kinds/assortments';
import { customersKind } from './kinds/customers';
import { pricesKind } from './kinds/prices';
import { productsKind } from './kinds/products';

/** What each import kind's rows mean and how they are applied (server/imports/kinds/). */
export const importKinds: Record<ImportKind, ImportKindHandler> = {
  products: productsKind,
  prices: pricesKind,
  assortments: assortmentsKind,
  customers: customersKind,
};

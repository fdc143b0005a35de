import { expect } from 'vitest';
import * as z from 'zod/mini';
import { productWire } from '../../../src/services/api/wire/catalog';
import type { TestClient } from './http-client';

/** The search box's call as the portal makes it: the products answered, parsed, best first. */
export async function searchProducts(client: TestClient, access: string, query: string) {
  const response = await client.get(
    `/api/netb2b/products/search/?query=${encodeURIComponent(query)}`,
    access,
  );
  expect(response.status).toBe(200);
  return z.array(productWire).parse(await response.json());
}

import * as z from 'zod/mini';
import type { Configuration, Language } from '../../../domain/types';
import { id } from './primitives';

// What the login screen needs before anyone signs in, kept apart from the catalogue schemas so the
// login route does not ship those (zod schemas are built at import time, so bundlers keep them).

export const languageWire = z.object({ id, code: z.string(), name: z.string(), flag: z.string() });
export const toLanguage = (w: z.infer<typeof languageWire>): Language => ({ ...w });

export const configurationWire = z.object({
  global: z.object({
    logo_square: z.nullable(z.string()),
    logo_wide: z.nullable(z.string()),
    site_name: z.string(),
  }),
  modules: z.object({
    netb2b: z.object({
      money_decimal_places: z.int().check(z.gte(0), z.lte(6)),
      default_customer_type: z.int(),
    }),
  }),
});
export const toConfiguration = (w: z.infer<typeof configurationWire>): Configuration => ({
  logoSquare: w.global.logo_square,
  logoWide: w.global.logo_wide,
  siteName: w.global.site_name,
  moneyDecimalPlaces: w.modules.netb2b.money_decimal_places,
  defaultCustomerType: w.modules.netb2b.default_customer_type,
});

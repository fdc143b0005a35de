import * as z from 'zod/mini';
import type { QuickOrderUnit } from '../../../domain/quick-order';
import { toUnit, unitWire } from './catalog';

/**
 * A unit as POST /netb2b/products/lookup/ answers it: named in the request's language, and with `names`, its
 * name and plural in every language the server knows, since a buyer's sheet may be written in any of them.
 * A supplier's own backend may leave `names` out; the unit's own name and plural are then the only ones matched.
 */
// a spread of the shape, not z.extend: zod's extend helpers would join every chunk's shared zod code, the login route's
export const lookupUnitWire = z.object({ ...unitWire.shape, names: z.optional(z.array(z.string())) });
export type LookupUnitWire = z.infer<typeof lookupUnitWire>;

export const toLookupUnit = (wire: LookupUnitWire): QuickOrderUnit =>
  wire.names === undefined ? toUnit(wire) : { ...toUnit(wire), names: wire.names };

import type { TFunction } from 'i18next';
import type { Unit } from '../../../domain/types';
import { unitDisplayName } from '../../../domain/units';

/**
 * A unit's name in the interface language, in the form `count` asks for ("2 صندوقان", "5 Kisten"). The code
 * lookup answers the units' stored (English) names whatever the language, so the known units are translated
 * here; a unit the translations do not know keeps the name the server gave.
 */
export function unitName(
  t: TFunction,
  unit: Pick<Unit, 'name' | 'namePlural'>,
  count: number | string,
): string {
  const fallback = unitDisplayName(unit, typeof count === 'number' ? count : String(count));
  if (!/^[a-z]+$/.test(unit.name)) return fallback;
  const amount = Number(count);
  return t(`quickOrder.unitNames.${unit.name}`, {
    count: Number.isFinite(amount) ? amount : 1,
    defaultValue: fallback,
  });
}

import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Unit } from '../../../domain/types';
import { unitDisplayName, unitMultiplier } from '../../../domain/units';
import type { StockTakeRow } from '../../../machines/favourites';
import type { ScanResult } from '../../../machines/scan';
import { ScanLauncher } from '../scan/scan-launcher';
import type { StockTakeRef } from './stock-take-types';

/**
 * The stock-take's scan button: a scanned product moves the counting to its line, and the confirmed
 * quantity becomes its count on hand, converted from the scanned unit to the unit the line counts in
 * (the product's primary unit). A product not on the guide says so.
 */
export function StockTakeScan({
  stockTake,
  rows,
  units,
}: {
  stockTake: StockTakeRef;
  rows: StockTakeRow[];
  units: Unit[];
}) {
  const { t, i18n } = useTranslation();
  const onConfirmed = ({ product, unit, quantity }: ScanResult) => {
    const index = rows.findIndex((row) => row.productId === product.id);
    if (index < 0) {
      toast.warning(t('scan.notOnGuide', { name: product.name }));
      return;
    }
    let onHand: string;
    try {
      onHand = unitMultiplier(product, unit, units).times(quantity).toString();
    } catch {
      toast.error(t('errors.unknown'));
      return;
    }
    stockTake.send({ type: 'count.chosen', index });
    stockTake.send({ type: 'count.typed', productId: product.id, text: onHand });
    const unitRecord = units.find((candidate) => candidate.id === unit);
    toast.success(
      t('scan.countedOnGuide', {
        quantity,
        unit: unitRecord ? unitDisplayName(unitRecord, quantity, i18n.language) : '',
        name: product.name,
      }),
    );
  };
  return <ScanLauncher onConfirmed={onConfirmed} />;
}

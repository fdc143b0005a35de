import { fromPromise } from 'xstate';
import { orderableUnits, primaryUnitOf } from '../../domain/units';
import type { StandingOrderLineWrite } from '../../services/api/standing-orders';
import type { Occurrence } from '../../services/api/wire/standing-orders';
import type { Ports } from '../kernel/ports';
import {
  type AcceptedSubstitute,
  type AcceptSubstituteInput,
  type LoadSubstitutesInput,
  substituteChoiceMachine,
} from '../substitutes';

/** One line of a delivery as it stands: what the substitute replaces, and what stays. */
export interface DeliveryLine {
  productId: number;
  quantity: string;
  unit: number;
  substituteFor?: number | null;
}

/** The delivery a substitute is taken into, and who hears of the server's answer. */
export interface DeliverySubstituteTarget {
  seriesId: number;
  date: string;
  /** the delivery's current lines */
  lines: readonly DeliveryLine[];
  /** the delivery as the server answers it once the substitute is written (the host shows it) */
  onWritten?: (occurrence: Occurrence) => void;
}

/**
 * The delivery's lines with `productId` replaced by the substitute: the same quantity, in the line's
 * unit when the substitute is sold in it, else in the substitute's primary unit, naming the product
 * first asked for. The other lines keep what they are, substitutes included.
 */
export const linesWithSubstitute = (
  lines: readonly DeliveryLine[],
  productId: number,
  substitute: { productId: number; unit: number },
): StandingOrderLineWrite[] =>
  lines.map((line) =>
    line.productId === productId
      ? {
          productId: substitute.productId,
          quantity: line.quantity,
          unit: substitute.unit,
          substituteFor: productId,
        }
      : {
          productId: line.productId,
          quantity: line.quantity,
          unit: line.unit,
          ...(line.substituteFor == null ? {} : { substituteFor: line.substituteFor }),
        },
  );

/**
 * `substituteChoice` for a standing order's delivery in review: taking a substitute writes the
 * delivery's lines ("this delivery only") instead of the cart, so the order placed at the cut-off
 * records what was asked for and what was taken instead. Beside `bindSubstituteChoice`; the chart is
 * the same, only its actors differ. The cart is not touched, so nothing refetches it.
 */
export const bindDeliverySubstituteChoice = (ports: Ports, target: DeliverySubstituteTarget) =>
  substituteChoiceMachine.provide({
    actors: {
      loadSubstitutes: fromPromise<Awaited<ReturnType<Ports['api']['substitutes']>>, LoadSubstitutesInput>(
        ({ input, signal }) => ports.api.substitutes(input.productIds, { signal }),
      ),
      acceptSubstitute: fromPromise<AcceptedSubstitute, AcceptSubstituteInput>(async ({ input, signal }) => {
        const asked = target.lines.find((line) => line.productId === input.product);
        // the substitute as the supplier offers it now, and the units it can be sold in
        const [offered, units] = await Promise.all([
          ports.api.substitutes([input.product], { signal }),
          ports.api.productUnits({ signal }),
        ]);
        const substitute = offered[input.product]?.find((a) => a.product.id === input.substitute)?.product;
        if (!asked || !substitute) throw new Error('The supplier no longer offers this substitute.');
        const unit = orderableUnits(substitute, units).some((candidate) => candidate.id === asked.unit)
          ? asked.unit
          : (primaryUnitOf(substitute, units)?.id ?? asked.unit);
        const occurrence = await ports.api.setOccurrenceLines(
          target.seriesId,
          target.date,
          linesWithSubstitute(target.lines, input.product, { productId: input.substitute, unit }),
          { signal },
        );
        target.onWritten?.(occurrence);
        return { cartItemId: null, quantity: asked.quantity, unitId: unit, replacedItemId: null };
      }),
    },
  });

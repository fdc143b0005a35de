import type { TFunction } from 'i18next';
import { Fragment, type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { lowestStepPrice, shownPriceSteps } from '../../../domain/price-steps';
import { centsText, hasFigures, type PriceBasis } from '../../../domain/pricing';
import type { CampaignProduct, DecimalString, Product, Unit } from '../../../domain/types';
import { unitDisplayName } from '../../../domain/units';
import { usePriceBasis } from '../../hooks/cart-hooks';
import { PriceFormatterProvider, useSharedPriceFormatter } from '../../hooks/price-formatter-provider';
import { sentenceWithAmount } from './amount';
import { Money } from './money';

/** What a product's row says under its price; null when there is nothing to say. */
export interface PriceNoteFacts {
  /** the price is the customer's negotiated one: "Your price" */
  contract: boolean;
  /** the lowest step price on the basis ("from €1.00"); null without steps */
  lowest: DecimalString | null;
}

/** The note of a product's row: a plain product (every product of a backend without contract prices) has none. */
export function priceNoteFacts(product: Product | CampaignProduct, basis: PriceBasis): PriceNoteFacts | null {
  if (!hasFigures(product)) return null;
  const contract = product.contractPrice === true;
  const lowest = lowestStepPrice(shownPriceSteps(product, basis));
  if (!contract && lowest === null) return null;
  return { contract, lowest: lowest === null ? null : centsText(lowest) };
}

/** The note's texts, translated once for a whole list (a row adds no translation hook of its own). */
export interface PriceNoteLabels {
  yourPrice: string;
  /** "Volume prices", read before the hint by a screen reader */
  steps: string;
  /** "from €1.00" with the amount as formatted */
  from: (amount: string) => ReactNode;
}

export function priceNoteLabels(t: TFunction, direction: 'ltr' | 'rtl'): PriceNoteLabels {
  const sentence = (amount: string) => t('price.fromPrice', { price: amount });
  return {
    yourPrice: t('price.yourPrice'),
    steps: t('price.steps'),
    // only a right-to-left sentence turns the amount's € around (see DepositLine)
    from: (amount) => (direction === 'rtl' ? sentenceWithAmount(sentence, amount) : sentence(amount)),
  };
}

/** "Your price" and "from €1.00" in one small line under a row's price, so a row grows by one line at most. */
export function PriceNote({
  facts,
  labels,
  money,
}: {
  facts: PriceNoteFacts;
  labels: PriceNoteLabels;
  /** the ready formatter's money */
  money: (amount: DecimalString) => string;
}) {
  return (
    <span className="flex flex-wrap items-baseline justify-end gap-x-2 text-xs">
      {facts.contract && (
        <span className="font-medium text-brand" data-price="yours">
          {labels.yourPrice}
        </span>
      )}
      {facts.lowest !== null && (
        <span className="text-fg-muted" data-price="from">
          <span className="sr-only">{labels.steps}: </span>
          {labels.from(money(facts.lowest))}
        </span>
      )}
    </span>
  );
}

/**
 * `PriceNote` beside a single `ProductPrice` (a search card, a short table's row), mounted only for a
 * product that has something to say: it reads the shared formatter, or draws one of its own.
 */
export function ProductPriceNote({ facts }: { facts: PriceNoteFacts }) {
  const { t, i18n } = useTranslation();
  const price = useSharedPriceFormatter();
  if (!price)
    return (
      <PriceFormatterProvider>
        <ProductPriceNote facts={facts} />
      </PriceFormatterProvider>
    );
  if (price.status !== 'ready') return null;
  return <PriceNote facts={facts} labels={priceNoteLabels(t, i18n.dir())} money={price.money} />;
}

/**
 * The product dialog's price steps: "from 10 pieces: €1.00 per piece", each at the price a line of that
 * many primary units is charged, on the customer's basis. Nothing without steps or before the units
 * are known (a step is counted in the primary unit).
 */
export function PriceSteps({ product, unit }: { product: Product | CampaignProduct; unit: Unit | null }) {
  const { t, i18n } = useTranslation();
  const basis = usePriceBasis();
  const headingId = useId();
  const steps = useMemo(() => shownPriceSteps(product, basis), [product, basis]);
  if (steps.length === 0 || unit === null) return null;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold">
        {t('price.steps')}
      </h3>
      <dl className="mt-1 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1">
        {steps.map((step) => (
          <Fragment key={step.minQuantity}>
            <dt className="text-fg-muted">
              {t('price.stepFrom', {
                // picks the plural form; a step's minimum is a short decimal ("10", "2.5")
                count: Number(step.minQuantity),
                unit: unitDisplayName(unit, step.minQuantity, i18n.language),
              })}
            </dt>
            <dd className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-semibold">
                <Money amount={centsText(step.price)} />
              </span>
              <span className="text-fg-muted">{t('price.perUnit', { unit: unit.name })}</span>
            </dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}

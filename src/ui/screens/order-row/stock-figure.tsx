import { useTranslation } from 'react-i18next';
import { stockFigure } from '../../../domain/stock';
import type { Product } from '../../../domain/types';
import { type RowT, stockText, useOrderRowsKit } from './order-rows-kit';

/**
 * "24 in stock", "Only 3 left" or "Out of stock", counted in the product's primary unit.
 * Nothing for a demo user. Inside a list it uses the list's translation (see OrderRowsKit).
 */
export function StockFigure({
  product,
  t: given,
  className = '',
}: {
  product: Pick<Product, 'quantityInStock'>;
  t?: RowT;
  className?: string;
}) {
  const kit = useOrderRowsKit();
  let text: string | null;
  if (given) text = stockText(given, product.quantityInStock);
  // inside a list: the list's text for this quantity (translated once per quantity)
  else if (kit) text = kit.stockTextOf(product.quantityInStock);
  else return <StockFigureTranslated product={product} className={className} />;
  if (text === null) return null;
  const figure = stockFigure(product.quantityInStock);
  const tone =
    figure.kind === 'outOfStock'
      ? 'text-danger'
      : figure.kind === 'low'
        ? 'font-medium text-fg'
        : 'text-fg-muted';
  return <span className={`text-sm whitespace-nowrap ${tone} ${className}`}>{text}</span>;
}

function StockFigureTranslated(props: { product: Pick<Product, 'quantityInStock'>; className: string }) {
  const { t } = useTranslation();
  return <StockFigure {...props} t={t} />;
}

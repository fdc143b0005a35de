import { useTranslation } from 'react-i18next';
import { stockFigure } from '../../../domain/stock';
import type { Product } from '../../../domain/types';
import { type RowT, useOrderRowsKit } from './order-rows-kit';

/** The figure's text, or null when the figure is withheld (a demo account). */
export function stockText(t: RowT, quantityInStock: number | null): string | null {
  const figure = stockFigure(quantityInStock);
  switch (figure.kind) {
    case 'withheld':
      return null;
    case 'outOfStock':
      return t('stock.outOfStock');
    case 'low':
      return t('stock.low', { count: figure.count });
    case 'inStock':
      return t('stock.inStock', { count: figure.count });
  }
}

/**
 * "24 in stock", "Only 3 left" or "Out of stock" (issue 16), counted in the product's primary unit.
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
  const t = given ?? kit?.t;
  if (!t) return <StockFigureTranslated product={product} className={className} />;
  const text = stockText(t, product.quantityInStock);
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

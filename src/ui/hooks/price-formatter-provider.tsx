import { createContext, type ReactNode, useContext } from 'react';
import { type PriceFormatter, usePriceFormatter } from './use-price-formatter';

const PriceFormatterContext = createContext<PriceFormatter | null>(null);

/**
 * One price formatter for every price cell below: a cell inside reads it from here instead
 * of running its own `usePriceFormatter` (a translation copy, four subscriptions and six texts per
 * amount). When the configuration or the currency arrives, this re-renders once and only the cells
 * re-render, not the screen between them.
 */
export function PriceFormatterProvider({ children }: { children: ReactNode }) {
  const price = usePriceFormatter();
  return <PriceFormatterContext value={price}>{children}</PriceFormatterContext>;
}

/**
 * The formatter of the nearest `PriceFormatterProvider`; null outside one, where a price cell draws
 * itself inside a provider of its own (one formatter per cell, as before).
 */
export function useSharedPriceFormatter(): PriceFormatter | null {
  return useContext(PriceFormatterContext);
}

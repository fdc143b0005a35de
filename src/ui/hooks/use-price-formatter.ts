import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDeposit, formatMoney, moneyFormatFor } from '../../domain/money-format';
import type { DecimalString } from '../../domain/types';
import {
  priceFormatStatus,
  selectCurrencySymbol,
  selectLoadFailure,
  selectMoneyDecimalPlaces,
} from '../../machines/catalogue.selectors';
import { selectIsDemo } from '../../machines/session.selectors';
import { useConfigurationRef, useSessionRef } from './use-app-actor';
import { useCatalogueResource } from './use-catalogue-resource';

export type PriceFormatter =
  /** spec point 6: a demo user sees no prices at all */
  | { status: 'hidden' }
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | {
      status: 'ready';
      money: (amount: DecimalString) => string;
      /** the deposit is always shown in euro (spec point 9) */
      deposit: (amount: DecimalString) => string;
    };

/**
 * How prices are shown right now: the configuration (decimal places) and the customer's currency
 * are loaded on first use; the separators and the currency placement follow the interface language.
 */
export function usePriceFormatter(): PriceFormatter {
  const { i18n } = useTranslation();
  const isDemo = useSelector(useSessionRef(), selectIsDemo);
  const configuration = useConfigurationRef();
  const currency = useCatalogueResource('currency');
  useEffect(() => {
    configuration.send({ type: 'resource.load' });
  }, [configuration]);
  const places = useSelector(configuration, selectMoneyDecimalPlaces);
  const symbol = useSelector(currency, selectCurrencySymbol);
  const configurationError = useSelector(configuration, selectLoadFailure);
  const currencyError = useSelector(currency, selectLoadFailure);
  const language = i18n.resolvedLanguage ?? i18n.language;

  return useMemo((): PriceFormatter => {
    if (isDemo) return { status: 'hidden' };
    const readiness = priceFormatStatus({
      decimalPlaces: places,
      currencySymbol: symbol,
      configurationError,
      currencyError,
    });
    if (readiness.status === 'loading') return { status: 'loading' };
    if (readiness.status === 'failed') return { status: 'failed', message: readiness.error.message };
    const format = moneyFormatFor(language);
    const { decimalPlaces, currencySymbol } = readiness;
    return {
      status: 'ready',
      money: (amount) => formatMoney(amount, { decimalPlaces, currencySymbol, format }),
      deposit: (amount) => formatDeposit(amount, { decimalPlaces, format }),
    };
  }, [isDemo, places, symbol, configurationError, currencyError, language]);
}

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
} from '../../machines/catalogue';
import { selectIsDemo } from '../../machines/session';
import { useConfigurationRef, useSessionRef } from './use-app-actor';
import { useCatalogueResource } from './use-catalogue-resource';

/**
 * The texts a price cell shows besides the amount. They travel with the formatter so that the
 * hundreds of price cells of a long list need no translation hook of their own.
 */
export interface PriceTexts {
  loading: string;
  /** "Price unavailable": the server's own error never reaches a price cell */
  failed: string;
  retry: string;
  /** the Retry button's accessible name, which says what is retried */
  retryLabel: string;
  old: string;
  current: string;
}

export type PriceFormatter =
  /** spec point 6: a demo user sees no prices at all */
  | { status: 'hidden' }
  | { status: 'loading'; texts: PriceTexts }
  | { status: 'failed'; texts: PriceTexts; retry: () => void }
  | {
      status: 'ready';
      texts: PriceTexts;
      money: (amount: DecimalString) => string;
      /** the deposit is always shown in euro (spec point 9) */
      deposit: (amount: DecimalString) => string;
    };

/**
 * How prices are shown right now: the configuration (decimal places) and the customer's currency
 * are loaded on first use; the separators and the currency placement follow the interface language.
 */
export function usePriceFormatter(): PriceFormatter {
  const { t, i18n } = useTranslation();
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
    const texts: PriceTexts = {
      loading: t('priceFormatter.loading'),
      failed: t('priceFormatter.failed'),
      retry: t('priceFormatter.retry'),
      retryLabel: t('priceFormatter.retryLabel'),
      old: t('price.old'),
      current: t('price.current'),
    };
    const readiness = priceFormatStatus({
      decimalPlaces: places,
      currencySymbol: symbol,
      configurationError,
      currencyError,
    });
    if (readiness.status === 'loading') return { status: 'loading', texts };
    if (readiness.status === 'failed')
      return {
        status: 'failed',
        texts,
        // `resource.load` retries a failed resource and is a no-op for a loaded one, so one press
        // reloads whichever of the two failed, once, for every price on the screen.
        retry: () => {
          currency.send({ type: 'resource.load' });
          configuration.send({ type: 'resource.load' });
        },
      };
    const format = moneyFormatFor(language);
    const { decimalPlaces, currencySymbol } = readiness;
    return {
      status: 'ready',
      texts,
      money: (amount) => formatMoney(amount, { decimalPlaces, currencySymbol, format }),
      deposit: (amount) => formatDeposit(amount, { decimalPlaces, format }),
    };
  }, [isDemo, places, symbol, configurationError, currencyError, language, t, currency, configuration]);
}

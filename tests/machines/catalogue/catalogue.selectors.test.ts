import { describe, expect, it } from 'vitest';
import type { Category, Configuration, CustomerCurrency } from '../../../src/domain/types';
import { configurationResource } from '../../../src/machines/app/app.machine';
import {
  type CampaignWithPrices,
  campaignsResource,
  categoriesResource,
  currencyResource,
} from '../../../src/machines/catalogue/catalogue.resources';
import {
  priceFormatStatus,
  selectCampaignProducts,
  selectCampaigns,
  selectCurrencySymbol,
  selectHasCampaigns,
  selectLoadFailure,
  selectMoneyDecimalPlaces,
  selectResourceStatus,
  selectSortedCategories,
} from '../../../src/machines/catalogue/catalogue.selectors';
import type { ErrorInfo } from '../../../src/machines/kernel/errorInfo';
import { aCampaignProduct } from '../../../src/test/builders';

type Status = 'new' | 'loading' | 'resolved' | 'reloading' | 'rejected';
const failure: ErrorInfo = { kind: 'network', status: null, message: 'GET x failed: no answer' };

const campaign: CampaignWithPrices = {
  id: 2,
  name: 'Summer',
  description: '',
  banner: '/media/campaigns/2.svg',
  startsAt: '2026-11-18T10:00:00.000Z',
  endsAt: '2027-11-21T10:00:00.000Z',
  campaignPrices: [
    // the server prices each product at its best running campaign (here this one)
    {
      product: aCampaignProduct({ id: 7, price: '2.00', campaignId: 2, newPrice: '1.50' }),
      campaignId: 2,
      newPrice: '1.50',
    },
    // a lower price in an overlapping campaign wins; this campaign's own price is not what is charged
    {
      product: aCampaignProduct({ id: 8, price: '3.00', campaignId: 5, newPrice: '2.10' }),
      campaignId: 2,
      newPrice: '2.55',
    },
  ],
};
const campaignsAt = (value: Status, list: CampaignWithPrices[] | null) =>
  campaignsResource.resolveState({ value, context: { value: list, error: null } });
const categoriesAt = (list: Category[] | null) =>
  categoriesResource.resolveState({
    value: list ? 'resolved' : 'new',
    context: { value: list, error: null },
  });
const configuration: Configuration = {
  logoSquare: null,
  logoWide: null,
  siteName: 'Acme',
  moneyDecimalPlaces: 3,
  defaultCustomerType: 1,
};
const configurationAt = (value: Status, v: Configuration | null, error: ErrorInfo | null = null) =>
  configurationResource.resolveState({ value, context: { value: v, error } });
const currencyAt = (value: Status, v: CustomerCurrency | null, error: ErrorInfo | null = null) =>
  currencyResource.resolveState({ value, context: { value: v, error } });

describe('catalogue selectors', () => {
  it('campaign lists: the same empty list until resolved, then the value', () => {
    expect(selectCampaigns(campaignsAt('new', null))).toBe(selectCampaigns(campaignsAt('loading', null)));
    expect(selectCampaigns(campaignsAt('new', null))).toEqual([]);
    expect(selectHasCampaigns(campaignsAt('new', null))).toBe(false);
    expect(selectHasCampaigns(campaignsAt('resolved', []))).toBe(false);
    expect(selectHasCampaigns(campaignsAt('resolved', [campaign]))).toBe(true);
    expect(selectResourceStatus(campaignsAt('reloading', [campaign]))).toBe('reloading');
  });

  it('campaign products are shown at the price the server charges, and keep their identity', () => {
    const products = selectCampaignProducts(campaign);
    expect(products).toEqual([
      expect.objectContaining({ id: 7, price: '2.00', campaignId: 2, newPrice: '1.50' }),
      expect.objectContaining({ id: 8, price: '3.00', campaignId: 5, newPrice: '2.10' }),
    ]);
    expect(selectCampaignProducts(campaign)).toBe(products);
  });

  it('categories are sorted by their first letter in the interface language, memoised', () => {
    const list = [
      { id: 1, name: 'Çay' },
      { id: 2, name: 'Dairy' },
      { id: 3, name: 'Cereals' },
      { id: 4, name: 'Bakery' },
    ];
    const snapshot = categoriesAt(list);
    expect(selectSortedCategories(snapshot, 'tr').map((c) => c.name)).toEqual([
      'Bakery',
      'Cereals',
      'Çay',
      'Dairy',
    ]);
    expect(selectSortedCategories(snapshot, 'tr')).toBe(selectSortedCategories(snapshot, 'tr'));
    expect(list.map((c) => c.id)).toEqual([1, 2, 3, 4]); // the resource's own list is untouched
    expect(selectSortedCategories(categoriesAt(null), 'en')).toEqual([]);
  });

  it('currency symbol is null until loaded', () => {
    expect(selectCurrencySymbol(currencyAt('loading', null))).toBeNull();
    expect(selectCurrencySymbol(currencyAt('resolved', { symbol: '€' }))).toBe('€');
  });

  const selectPriceFormatStatus = (
    configuration: Parameters<typeof selectMoneyDecimalPlaces>[0],
    currency: Parameters<typeof selectCurrencySymbol>[0],
  ) =>
    // what usePriceFormatter selects, one value at a time
    priceFormatStatus({
      decimalPlaces: selectMoneyDecimalPlaces(configuration),
      currencySymbol: selectCurrencySymbol(currency),
      configurationError: selectLoadFailure(configuration),
      currencyError: selectLoadFailure(currency),
    });

  it('price format: loading while either is missing, failed with the error, ready with places and symbol', () => {
    expect(
      selectPriceFormatStatus(configurationAt('loading', null), currencyAt('resolved', { symbol: '€' })),
    ).toEqual({
      status: 'loading',
    });
    expect(
      selectPriceFormatStatus(configurationAt('resolved', configuration), currencyAt('new', null)),
    ).toEqual({
      status: 'loading',
    });
    expect(
      selectPriceFormatStatus(
        configurationAt('resolved', configuration),
        currencyAt('rejected', null, failure),
      ),
    ).toEqual({ status: 'failed', error: failure });
    // a retry in progress shows the loading text again, not the old error
    expect(
      selectPriceFormatStatus(
        configurationAt('loading', null, failure),
        currencyAt('resolved', { symbol: '€' }),
      ),
    ).toEqual({ status: 'loading' });
    expect(
      selectPriceFormatStatus(
        configurationAt('resolved', configuration),
        currencyAt('resolved', { symbol: '₺' }),
      ),
    ).toEqual({ status: 'ready', decimalPlaces: 3, currencySymbol: '₺' });
    // a failed reload keeps the old values, so prices stay readable
    expect(
      selectPriceFormatStatus(
        configurationAt('rejected', configuration, failure),
        currencyAt('resolved', { symbol: '€' }),
      ),
    ).toMatchObject({ status: 'ready' });
  });
});

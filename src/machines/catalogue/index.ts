export { announcementReadsMachine, bindAnnouncementReads } from './announcement-reads.machine';
export {
  selectAnnouncementMarkReadError,
  selectAnnouncementReadsUnavailable,
  selectAnnouncements,
  selectAnnouncementsStatus,
  selectUnreadAnnouncementCount,
} from './announcement-reads.selectors';
export {
  announcementsResource,
  bindCatalogueResources,
  brandsResource,
  type CampaignWithPrices,
  campaignsResource,
  categoriesResource,
  currencyResource,
  featuredResource,
  newestResource,
  unitsResource,
} from './catalogue.resources';
export type { ResourceSnapshot } from './catalogue.selectors';
export {
  priceFormatStatus,
  selectBrands,
  selectCampaigns,
  selectCurrencySymbol,
  selectEntryName,
  selectFeatured,
  selectHasCampaigns,
  selectIsResourceRejected,
  selectLoadFailure,
  selectMoneyDecimalPlaces,
  selectNewest,
  selectResourceStatus,
  selectSortedCategories,
  selectUnits,
} from './catalogue.selectors';
export { bindCampaignDetail, campaignDetailMachine } from './catalogue-campaign.machine';
export {
  selectCampaignDetail,
  selectCampaignDetailHasEnded,
  selectCampaignDetailProducts,
  selectCampaignDetailShowsProducts,
  selectCampaignDetailStatus,
} from './catalogue-campaign.selectors';
export { bindProductCsvExport, productCsvExportMachine } from './product-csv-export.machine';
export {
  selectCsvExportBusy,
  selectCsvExportFailure,
  selectCsvExportWantsList,
  selectListReport,
} from './product-csv-export.selectors';
export {
  bindProductList,
  changesFilters,
  PRODUCT_SORTS,
  type ProductFilters,
  type ProductSort,
  productListMachine,
} from './product-list.machine';
export {
  selectProductAt,
  selectProductCount,
  selectProductFilters,
  selectProductListStatus,
} from './product-list.selectors';
export { bindSearch, searchMachine } from './search.machine';
export {
  type SearchPanel,
  selectSearchErrorKey,
  selectSearchPanel,
  selectSearchQuery,
  selectSearchResults,
} from './search.selectors';

import { campaignDetailMachine } from './catalogue-campaign.machine';
import { provideReporting } from './error-reporting';
import { productListMachine } from './product-list.machine';
import { searchMachine } from './search.machine';

// The machines views create for themselves, with the one error reporter bound (issue 9: a view gets
// a short-lived machine already provided, never binds implementations itself). Module level, so each
// is the same logic on every render.
export const reportingSearchMachine = provideReporting(searchMachine);
export const reportingProductListMachine = provideReporting(productListMachine);
export const reportingCampaignDetailMachine = provideReporting(campaignDetailMachine);

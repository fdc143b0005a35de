import type { SnapshotFrom } from 'xstate';
import type { CampaignProduct, Product } from '../../domain/types';
import type { CampaignWithPrices } from '../../services/api/catalogue';
import { selectCampaignProducts } from './catalogue.selectors';
import type { campaignDetailMachine } from './catalogue-campaign.machine';

export type CampaignDetailSnapshot = SnapshotFrom<typeof campaignDetailMachine>;
export type CampaignDetailStatus = 'loading' | 'resolved' | 'notFound' | 'rejected';

const NONE: (Product | CampaignProduct)[] = [];

/** Shown as soon as it is known (passed along from the carousel, or loaded). */
export const selectCampaignDetail = (s: CampaignDetailSnapshot): CampaignWithPrices | null =>
  s.context.campaign;

/** The campaign's products at today's price (same array for the same campaign). */
export const selectCampaignDetailProducts = (s: CampaignDetailSnapshot): (Product | CampaignProduct)[] =>
  s.context.campaign ? selectCampaignProducts(s.context.campaign) : NONE;

export const selectCampaignDetailStatus = (s: CampaignDetailSnapshot): CampaignDetailStatus =>
  s.hasTag('loading') ? 'loading' : (s.value as CampaignDetailStatus);

/** Whether the page shows the campaign's product table (not without the campaign detail call). */
export const selectCampaignDetailShowsProducts = (s: CampaignDetailSnapshot): boolean =>
  s.context.detailOffered;

/**
 * The campaign is over at `now` (a campaign stays reachable by its address after it ends, so the
 * page must say so instead of offering its products to add).
 */
export const selectCampaignDetailHasEnded = (s: CampaignDetailSnapshot, now: number): boolean =>
  s.context.campaign !== null && Date.parse(s.context.campaign.endsAt) < now;

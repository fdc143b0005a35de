import { assign, fromPromise, setup } from 'xstate';
import { isApiError } from '../../services/api';
import type { CampaignWithPrices } from '../../services/api/catalogue';
import { provideReporting } from '../kernel/error-reporting';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';

export interface CampaignDetailContext {
  campaignId: number;
  /** the campaign passed along from a carousel slide, then the server's answer */
  campaign: CampaignWithPrices | null;
  error: ErrorInfo | null;
  /**
   * Whether the backend has the campaign detail call (capability `campaignDetail`); without it the page
   * shows the campaign as the campaigns list has it (spec point 2), without its product table
   */
  detailOffered: boolean;
}

export type CampaignDetailEvent = { type: 'campaignDetail.retried' };

export interface CampaignDetailInput {
  campaignId: number;
  /** spec point 2: a carousel slide passes its campaign along, so nothing needs loading */
  campaign?: CampaignWithPrices | null;
  /** false when the backend is known to lack the campaign detail (capability `campaignDetail`); default true */
  canLoadDetail?: boolean;
}

export interface FindCampaignInput {
  campaignId: number;
}

export interface LoadCampaignInput {
  campaignId: number;
  /** the campaign passed along: the answer at once, no call */
  passed: CampaignWithPrices | null;
}

/**
 * /campaigns/{id}: the campaign with its products, start and end date. Passed along from
 * the carousel it shows at once; after a page reload (or for an ended campaign, which the
 * campaigns list leaves out) it is loaded by id. A backend without the campaign detail
 * (capability `campaignDetail`) has the specification's campaigns list only: the campaign is
 * looked up in it, and shown without its product table. One actor per route visit.
 */
export const campaignDetailMachine = setup({
  types: {
    context: {} as CampaignDetailContext,
    events: {} as CampaignDetailEvent,
    input: {} as CampaignDetailInput,
    tags: {} as 'loading',
  },
  actors: {
    /** bound by `bindCampaignDetail` */
    loadCampaign: notBound<CampaignWithPrices, LoadCampaignInput>('campaignDetail.loadCampaign'),
    /** bound by `bindCampaignDetail`: the specification's campaigns list, searched for the id (null: not in it) */
    findCampaign: notBound<CampaignWithPrices | null, FindCampaignInput>('campaignDetail.findCampaign'),
  },
  guards: {
    mustFindInList: ({ context }) => !context.detailOffered && context.campaign === null,
    isMissingCall: (_, params: { error: unknown }) => toErrorInfo(params.error).missingCall === true,
    isFound: (_, params: { campaign: CampaignWithPrices | null }) => params.campaign !== null,
    isNotFound: (_, params: { error: unknown }) => isApiError(params.error) && params.error.status === 404,
  },
  actions: {
    keepCampaign: assign((_, params: { campaign: CampaignWithPrices }) => ({
      campaign: params.campaign,
      error: null,
    })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    stopUsingDetail: assign({ detailOffered: false, error: null }),
    /** spec point 8: a failure is reported; a no-op here, bound by `bindCampaignDetail` (provideReporting) */
    reportError: (_, _params: { error: unknown }) => undefined,
  },
}).createMachine({
  id: 'campaignDetail',
  context: ({ input }) => ({
    campaignId: input.campaignId,
    campaign: input.campaign?.id === input.campaignId ? input.campaign : null,
    error: null,
    detailOffered: input.canLoadDetail ?? true,
  }),
  initial: 'loading',
  states: {
    loading: {
      description:
        'The campaign page says "Loading campaigns…" while the campaign is fetched by its number; a campaign opened from a home page slide shows at once instead. A backend without the campaign detail is not asked for it.',
      tags: 'loading',
      always: { guard: 'mustFindInList', target: 'findingInList' },
      invoke: {
        id: 'loadCampaign',
        src: 'loadCampaign',
        input: ({ context }) => ({
          campaignId: context.campaignId,
          passed: context.campaign,
        }),
        onDone: {
          target: 'resolved',
          actions: { type: 'keepCampaign', params: ({ event }) => ({ campaign: event.output }) },
        },
        onError: [
          {
            // the backend has no campaign detail after all: the campaign comes from the campaigns list
            guard: { type: 'isMissingCall', params: ({ event }) => ({ error: event.error }) },
            target: 'findingInList',
            actions: 'stopUsingDetail',
          },
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'rejected',
            actions: [
              { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
              { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    findingInList: {
      description:
        'Without the campaign detail (a link kept, or a page reload): the page says "Loading campaigns…" while the campaigns list of the specification is fetched and the campaign looked up in it by its number.',
      tags: 'loading',
      invoke: {
        id: 'findCampaign',
        src: 'findCampaign',
        input: ({ context }) => ({ campaignId: context.campaignId }),
        onDone: [
          {
            guard: { type: 'isFound', params: ({ event }) => ({ campaign: event.output }) },
            target: 'resolved',
            actions: {
              type: 'keepCampaign',
              params: ({ event }) => ({ campaign: event.output as CampaignWithPrices }),
            },
          },
          // an ended campaign is no longer in the list
          { target: 'notFound' },
        ],
        onError: {
          target: 'rejected',
          actions: [
            { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    resolved: {
      description:
        'The campaign page shows the banner, name, dates, a Learn more section and the table of campaign products with their campaign prices, and a Back button. Without the campaign detail it shows the campaign as the list has it (name, description, banner, dates), without the product table.',
    },
    notFound: { description: 'The page says "This campaign was not found." with a Back button.' },
    rejected: {
      description: 'The page shows an error with a Try again button, which fetches the campaign again.',
      on: { 'campaignDetail.retried': 'loading' },
    },
  },
});

/** The campaign screen's machine with its call and its error report bound to the ports. */
export const bindCampaignDetail = ({ api }: Ports) =>
  provideReporting(
    campaignDetailMachine.provide({
      actors: {
        // StrictMode's first mount aborts its call; that is not a failure to show
        loadCampaign: fromPromise<CampaignWithPrices, LoadCampaignInput>(
          async ({ input, signal }) =>
            input.passed ?? untilAborted(signal, api.campaign(input.campaignId, { signal })),
        ),
        findCampaign: fromPromise<CampaignWithPrices | null, FindCampaignInput>(async ({ input, signal }) => {
          const campaigns = await untilAborted(signal, api.campaigns({ signal }));
          return campaigns.find((campaign) => campaign.id === input.campaignId) ?? null;
        }),
      },
    }),
    api,
  );

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
}

export type CampaignDetailEvent = { type: 'campaignDetail.retried' };

export interface CampaignDetailInput {
  campaignId: number;
  /** spec point 2: a carousel slide passes its campaign along, so nothing needs loading */
  campaign?: CampaignWithPrices | null;
}

export interface LoadCampaignInput {
  campaignId: number;
  /** the campaign passed along: the answer at once, no call */
  passed: CampaignWithPrices | null;
}

/**
 * /campaigns/{id}: the campaign with its products, start and end date. Passed along from
 * the carousel it shows at once; after a page reload (or for an ended campaign, which the
 * campaigns list leaves out) it is loaded by id. One actor per route visit.
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
  },
  guards: {
    isNotFound: (_, params: { error: unknown }) => isApiError(params.error) && params.error.status === 404,
  },
  actions: {
    keepCampaign: assign((_, params: { campaign: CampaignWithPrices }) => ({
      campaign: params.campaign,
      error: null,
    })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    /** spec point 8: a failure is reported; a no-op here, bound by `bindCampaignDetail` (provideReporting) */
    reportError: (_, _params: { error: unknown }) => undefined,
  },
}).createMachine({
  id: 'campaignDetail',
  context: ({ input }) => ({
    campaignId: input.campaignId,
    campaign: input.campaign?.id === input.campaignId ? input.campaign : null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description:
        'The campaign page says "Loading campaigns…" while the campaign is fetched by its number; a campaign opened from a home page slide shows at once instead.',
      tags: 'loading',
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
    resolved: {
      description:
        'The campaign page shows the banner, name, dates, a Learn more section and the table of campaign products with their campaign prices, and a Back button.',
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
      },
    }),
    api,
  );

import { Hono } from 'hono';
import { notFound } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import type { CampaignWithPricesWire } from '../http/wire-answers';
import { campaignById, campaignsNotEnded, withCampaignPrices } from '../queries/campaigns';
import { campaignForViewer } from '../queries/demo-figures';

/** Campaigns that have not ended, each with its campaign prices; one campaign by id. */
export function campaignRoutes({ db, now }: AppDeps) {
  const routes = new Hono<AppEnv>();

  routes.get('/campaigns/', async (c) => {
    const campaigns = await campaignsNotEnded(db, now());
    const answer: CampaignWithPricesWire[] = await withCampaignPrices(db, campaigns, now(), c.get('user'));
    return c.json(answer.map((campaign) => campaignForViewer(c.get('user'), campaign)));
  });

  routes.get('/campaigns/:id{[0-9]{1,9}}/', async (c) => {
    const campaign = await campaignById(db, Number(c.req.param('id')));
    const [answer]: (CampaignWithPricesWire | undefined)[] = campaign
      ? await withCampaignPrices(db, [campaign], now(), c.get('user'))
      : [];
    if (!answer) throw notFound('No campaign has this id.');
    return c.json(campaignForViewer(c.get('user'), answer));
  });

  return routes;
}

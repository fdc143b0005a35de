import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { SimulatorOptions } from './options';
import { portalClient } from './portal-client';
import { WEBHOOK_PATH, webhookReceiver } from './receiver';
import { ErpWalks } from './walk';

export interface RunningSimulator {
  /** the URL the portal posts the order events to */
  endpointUrl: string;
  walks: ErpWalks;
  /** retires the webhook endpoint, closes the receiver and stops the walks */
  stop(): Promise<void>;
}

/**
 * Starts the simulated ERP: the receiver listens, then registers itself with the portal as a
 * webhook endpoint (through the integration API, with `key`) and walks each order it receives.
 */
export async function startErpSimulator(
  options: Omit<SimulatorOptions, 'key'>,
  deps: {
    key: string;
    log: (line: string) => void;
    now?: () => Date;
    random?: () => number;
    /** waits between tries of a call the portal could not take; tests make it instant */
    pause?: (ms: number) => Promise<unknown>;
  },
): Promise<RunningSimulator> {
  const { log } = deps;
  const portal = portalClient({
    portal: options.portal,
    key: deps.key,
    ...(deps.pause ? { pause: deps.pause } : {}),
  });
  const walks = new ErpWalks({
    portal,
    speed: options.speed,
    shortLine: options.shortLine,
    log,
    now: deps.now ?? (() => new Date()),
    random: deps.random ?? Math.random,
  });
  let secret: string | undefined;
  const app = webhookReceiver({
    secret: () => secret,
    failFirst: options.failFirst,
    log,
    accept: (event) => walks.handle(event),
  });

  const server = serve({ fetch: app.fetch, port: options.port, hostname: options.host });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const closeServer = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      if ('closeAllConnections' in server) server.closeAllConnections();
    });

  const endpointUrl = options.publicUrl ?? `http://${options.host}:${port}${WEBHOOK_PATH}`;
  let endpoint: { id: number; secret: string };
  try {
    endpoint = await portal.registerEndpoint(endpointUrl, 'ERP simulator (npm run erp:simulate)');
  } catch (error) {
    await closeServer();
    throw error;
  }
  secret = endpoint.secret;
  log(`receiving at ${endpointUrl} (webhook endpoint ${endpoint.id} of ${options.portal})`);

  return {
    endpointUrl,
    walks,
    async stop() {
      try {
        await portal.retireEndpoint(endpoint.id);
        log(`webhook endpoint ${endpoint.id} retired`);
      } catch (error) {
        log(
          `retiring webhook endpoint ${endpoint.id} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      await closeServer();
      const cut = await walks.stop();
      if (cut > 0) log(`stopped ${cut} suborder walk${cut === 1 ? '' : 's'} in progress`);
    },
  };
}

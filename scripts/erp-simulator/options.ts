import { parseArgs } from 'node:util';

/** How `npm run erp:simulate` runs; every option has a flag and an ERP_SIM_* variable (the flag wins). */
export interface SimulatorOptions {
  /** the portal's origin: its integration API is under /api/integration/v1 */
  portal: string;
  /** where the webhook receiver listens */
  port: number;
  host: string;
  /** the URL the portal posts to; by default http://<host>:<port>/webhooks */
  publicUrl: string | undefined;
  /** an integration key; without one the simulator makes its own on the portal's local database */
  key: string | undefined;
  /** answer 503 to the first n tries of each event: the portal's retries in action */
  failFirst: number;
  /** the walk's delays are divided by this; `fast` is 100 (a whole walk in a second or two) */
  speed: number;
  /** deliver the first line of each order one unit short */
  shortLine: boolean;
}

export const simulatorUsage = `Usage: npm run erp:simulate -- [options]

A simulated ERP: receives the portal's order webhooks and reports each suborder back
(received, confirmed, picking, shipped, delivered, invoiced) with realistic delays.

  --portal <url>      the portal (ERP_SIM_PORTAL, default http://localhost:8080)
  --port <n>          where the webhook receiver listens (ERP_SIM_PORT, default 8099)
  --host <address>    the receiver's address (ERP_SIM_HOST, default 127.0.0.1)
  --public-url <url>  the URL registered with the portal (ERP_SIM_PUBLIC_URL,
                      default http://<host>:<port>/webhooks)
  --key <key>         an integration key with webhooks:write, suborders:write and
                      documents:write (ERP_SIM_KEY); without one, a key is made on the
                      portal's database (DATABASE_URL, else DATA_DIR) and revoked on exit
  --speed <factor>    divides the delays (ERP_SIM_SPEED, default 1: seconds to a minute
                      per step; "fast" = 100)
  --fail-first <n>    answer 503 to the first n tries of each event (ERP_SIM_FAIL_FIRST)
  --short-line        deliver the first line of each order one unit short (ERP_SIM_SHORT_LINE=1)
  --help              this text`;

export class OptionsError extends Error {}

const FAST_SPEED = 100;

function positiveNumber(name: string, raw: string): number {
  const value = raw === 'fast' && name === '--speed' ? FAST_SPEED : Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new OptionsError(`${name} must be a number above 0, got "${raw}"`);
  return value;
}

function wholeNumber(name: string, raw: string, minimum: number, maximum: number): number {
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < minimum || value > maximum)
    throw new OptionsError(`${name} must be a whole number from ${minimum} to ${maximum}, got "${raw}"`);
  return value;
}

function httpUrl(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OptionsError(`${name} must be a URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OptionsError(`${name} must be an http(s) URL, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

const onOff = (raw: string | undefined) => raw === '1' || raw === 'true';

/** The options from the command line and the environment; a bad value throws an OptionsError naming it. */
export function readSimulatorOptions(args: string[], env: NodeJS.ProcessEnv): SimulatorOptions | 'help' {
  let parsed: ReturnType<typeof parseFlags>;
  try {
    parsed = parseFlags(args);
  } catch (error) {
    throw new OptionsError(error instanceof Error ? error.message : String(error));
  }
  const { values } = parsed;
  if (values.help) return 'help';
  const given = (flag: string | undefined, variable: string | undefined) =>
    flag ?? (variable === '' ? undefined : variable);
  const host = given(values.host, env.ERP_SIM_HOST) ?? '127.0.0.1';
  const port = wholeNumber('--port', given(values.port, env.ERP_SIM_PORT) ?? '8099', 0, 65_535);
  const publicUrl = given(values['public-url'], env.ERP_SIM_PUBLIC_URL);
  return {
    portal: httpUrl('--portal', given(values.portal, env.ERP_SIM_PORTAL) ?? 'http://localhost:8080'),
    port,
    host,
    publicUrl: publicUrl === undefined ? undefined : httpUrl('--public-url', publicUrl),
    key: given(values.key, env.ERP_SIM_KEY),
    failFirst: wholeNumber(
      '--fail-first',
      given(values['fail-first'], env.ERP_SIM_FAIL_FIRST) ?? '0',
      0,
      1000,
    ),
    speed: positiveNumber('--speed', given(values.speed, env.ERP_SIM_SPEED) ?? '1'),
    shortLine: values['short-line'] === true || onOff(env.ERP_SIM_SHORT_LINE),
  };
}

function parseFlags(args: string[]) {
  return parseArgs({
    args,
    options: {
      portal: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'public-url': { type: 'string' },
      key: { type: 'string' },
      speed: { type: 'string' },
      'fail-first': { type: 'string' },
      'short-line': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: false,
    strict: true,
  });
}

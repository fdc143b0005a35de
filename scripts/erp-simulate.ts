/**
 * `npm run erp:simulate`: a simulated ERP for demos and tests. It registers a webhook endpoint with
 * the portal, takes the signed order events, and reports each suborder back through the integration
 * API (received, confirmed, picking, shipped, delivered, invoiced with a PDF invoice) with delays
 * a warehouse might take. `npm run erp:simulate -- --help` lists the options; Ctrl-C stops it and
 * retires its endpoint (and the key it made for itself).
 */

import { createLocalKey, type LocalKey } from './erp-simulator/local-key';
import { OptionsError, readSimulatorOptions, simulatorUsage } from './erp-simulator/options';
import { type RunningSimulator, startErpSimulator } from './erp-simulator/simulator';

const time = () => new Date().toTimeString().slice(0, 8);
const log = (line: string) => console.log(`${time()} ${line}`);

let options: ReturnType<typeof readSimulatorOptions>;
try {
  options = readSimulatorOptions(process.argv.slice(2), process.env);
} catch (error) {
  if (!(error instanceof OptionsError)) throw error;
  console.error(`${error.message}\n\n${simulatorUsage}`);
  process.exit(2);
}
if (options === 'help') {
  console.log(simulatorUsage);
  process.exit(0);
}

let localKey: LocalKey | undefined;
let simulator: RunningSimulator | undefined;
try {
  let key = options.key;
  if (key === undefined) {
    localKey = await createLocalKey(process.env, () => new Date());
    key = localKey.secret;
    log(`made an integration key on ${localKey.location} (revoked on exit)`);
  }
  simulator = await startErpSimulator(options, { key, log });
  log(
    `ERP simulator ready: speed ${options.speed}${options.shortLine ? ', first line of each order short' : ''}${options.failFirst > 0 ? `, first ${options.failFirst} tries of each event answered 503` : ''}. Ctrl-C stops it.`,
  );
} catch (error) {
  console.error(`Not starting: ${error instanceof Error ? error.message : String(error)}`);
  await localKey?.revoke().catch(() => {});
  process.exit(1);
}

let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) {
    log(`${signal} again: stopping now.`);
    process.exit(1);
  }
  stopping = true;
  log(`${signal}: stopping`);
  (simulator as RunningSimulator)
    .stop()
    .then(() => localKey?.revoke())
    .then(() => {
      log('stopped');
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(`Stopping failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { currentVariant } from './variant';

/**
 * The screenshot hook of the generated specs: with FLOW_SCREENS_DIR set, the page as it is now is
 * saved for each state id not captured yet in this run, to
 * `<FLOW_SCREENS_DIR>/<machine>/<version>/<stateId>/<variant>.png` (version: the catalog machine's
 * flow version, src/studio/flow-version.ts; variant: FLOW_VARIANT). States the machine's UiMap lists
 * as `screenless` are skipped. Without FLOW_SCREENS_DIR it does nothing.
 */
export async function captureState(page: Page, machine: string, stateIds: readonly string[]): Promise<void> {
  const root = process.env.FLOW_SCREENS_DIR;
  if (!root) return;
  const variant = currentVariant().name;
  const { version, screenless } = await machineFacts(machine);
  for (const stateId of stateIds) {
    const key = `${machine}/${version}/${stateId}/${variant}`;
    if (captured.has(key) || stateId in screenless) continue;
    captured.add(key);
    const dir = join(root, machine, version, stateId);
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, `${variant}.png`), animations: 'disabled' });
  }
}

/** What this worker has saved: each state once per run. */
const captured = new Set<string>();

const facts = new Map<string, Promise<{ version: string; screenless: Record<string, string> }>>();

/** The machine's current flow version and its UiMap's screenless states, read once (only when capturing). */
function machineFacts(machine: string) {
  let found = facts.get(machine);
  if (!found) {
    found = (async () => {
      const [{ catalogEntry }, { chartModel }, { flowVersion }] = await Promise.all([
        import('../../src/studio/machine-catalog'),
        import('../../src/studio/chart-model'),
        import('../../src/studio/flow-version'),
      ]);
      const entry = catalogEntry(machine);
      if (!entry) throw new Error(`${machine} is not a machine of the catalog`);
      const map = (await import(`./ui-maps/${machine}.ts`)) as {
        default: { screenless: Record<string, string> };
      };
      return { version: flowVersion(chartModel(entry.machine)), screenless: map.default.screenless };
    })();
    facts.set(machine, found);
  }
  return found;
}

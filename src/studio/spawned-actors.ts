import type { SpawnedByState } from './chart-model';

/**
 * The actors each state spawns, as `npm run paths` records them in docs/paths/<machine>.json
 * (`spawned: { [stateId]: childIds[] }`). Loaded lazily, one report per machine; none when the
 * report or the field is missing (spawning is seen only by running the machine).
 */
const reports = import.meta.glob<{ spawned?: SpawnedByState }>('../../docs/paths/*.json', {
  import: 'default',
});

export async function loadSpawned(name: string): Promise<SpawnedByState> {
  const load = reports[`../../docs/paths/${name}.json`];
  if (!load) return {};
  try {
    const report = await load();
    return report.spawned && typeof report.spawned === 'object' ? report.spawned : {};
  } catch {
    return {};
  }
}

import type { SeedResult } from './index';

/** Whether the database holds the demo accounts (their passwords are published in the README). */
export const holdsDemo = (seed: SeedResult) => seed.seeded || 'seededAt' in seed;

/** The start-up line on what the seed did, so an operator knows what the database holds. */
export function seedReport(
  seed: SeedResult,
  {
    location,
    production,
    seedDemo,
    tookMs,
  }: { location: string; production: boolean; seedDemo: boolean; tookMs: number },
): string {
  if (seed.seeded) return `Seeded ${seed.products} products and the demo accounts in ${tookMs} ms.`;
  if ('seededAt' in seed) {
    const kept = `Database ${location} was seeded on ${seed.seededAt}; keeping its data.`;
    return seedDemo
      ? kept
      : `${kept}\nWarning: it holds the demo accounts, whose passwords are published in the README; SEED_DEMO is off, but they still sign in.`;
  }
  const why = production ? 'NODE_ENV=production' : 'SEED_DEMO=0';
  return `Database ${location}: no demo data seeded (${why}); set SEED_DEMO=1 to load the demo.`;
}

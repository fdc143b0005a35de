import { paths } from '../../app/routes';

/**
 * The studio's own addresses below /statecharts/ (routes.ts holds only the area, which the menu and
 * the router need): kept here, they stay out of the login route.
 */
export const studioPaths = {
  live: `${paths.statecharts}live/`,
  traceability: `${paths.statecharts}traceability/`,
  machine: (machine: string) => `${paths.statecharts}${machine}/`,
  simulate: (machine: string) => `${paths.statecharts}${machine}/simulate/`,
} as const;

export const studioPatterns = {
  machine: '/statecharts/:machine/',
  simulate: '/statecharts/:machine/simulate/',
} as const;

import type { SnapshotFrom } from 'xstate';
import type { orderGuideBuildMachine } from './order-guide-build.machine';

export type OrderGuideBuildSnapshot = SnapshotFrom<typeof orderGuideBuildMachine>;

export const selectIsBuildingGuide = (s: OrderGuideBuildSnapshot): boolean => s.hasTag('busy');
/** the new guide's id once built (the page opens it), else null */
export const selectBuiltGuideId = (s: OrderGuideBuildSnapshot): number | null =>
  s.matches('built') ? (s.context.built?.id ?? null) : null;
/** why the build failed, as a translation key, or null */
export const selectBuildProblemKey = (
  s: OrderGuideBuildSnapshot,
): 'orderGuide.noRecentOrders' | 'orderGuide.buildFailed' | null => {
  if (!s.matches('failed')) return null;
  return s.context.noRecentOrders ? 'orderGuide.noRecentOrders' : 'orderGuide.buildFailed';
};

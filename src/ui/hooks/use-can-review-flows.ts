import { useSelector } from '@xstate/react';
import { selectCanReviewFlows } from '../../machines/session';
import { useSessionRef } from './use-app-actor';
import { useCapability } from './use-capability';

/** `npm run dev` sets VITE_STUDIO_FOR_EVERYONE: a developer always has the studio. */
const studioForEveryone = import.meta.env.VITE_STUDIO_FOR_EVERYONE === '1';

/**
 * The signed-in user may open the statechart studio: their can_review_flows claim (or a dev server),
 * on a backend that has the studio's server side (a supplier's backend need not).
 */
export function useCanReviewFlows(): boolean {
  const reviewer = useSelector(useSessionRef(), selectCanReviewFlows) || studioForEveryone;
  return useCapability('studio') && reviewer;
}

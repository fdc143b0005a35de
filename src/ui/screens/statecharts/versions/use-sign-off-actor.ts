import { useSelector } from '@xstate/react';
import { useContext, useEffect, useState } from 'react';
import { type Actor, createActor } from 'xstate';
import { selectCapabilitiesRef, selectHasCapability, selectSessionRef } from '../../../../machines/app';
import { selectCanReviewFlows } from '../../../../machines/session';
import { bindFlowSignOff, type flowSignOffMachine } from '../../../../machines/studio';
import { AppActorContext } from '../../../hooks/use-app-actor';

export type SignOffActor = Actor<typeof flowSignOffMachine>;

/**
 * Whether the signed-in user may sign flows off: the reviewer's own claim on a backend with the
 * studio's calls. Not the development override that opens the studio to everyone (useCanReviewFlows):
 * the server refuses a sign-off from anyone else. False outside a portal (a diagram drawn on its own).
 */
function useMaySignOff(): boolean {
  const portal = useContext(AppActorContext);
  const session = useSelector(portal?.app, (s) => (s ? selectSessionRef(s) : undefined));
  const reviewer = useSelector(session, (s) => (s ? selectCanReviewFlows(s) : false));
  const capabilities = useSelector(portal?.app, (s) => (s ? selectCapabilitiesRef(s) : undefined));
  const studio = useSelector(capabilities, (s) => (s ? selectHasCapability(s, 'studio') : true));
  return portal !== null && reviewer && studio;
}

/**
 * The sign-off machine of one machine's version, running while the view shows it; undefined when
 * the user may not sign off. Made in an effect (not useActorRef) because the machine and version
 * change with the screen, and a new pair needs a new actor with its own history.
 */
export function useSignOffActor(machine: string, version: string): SignOffActor | undefined {
  const portal = useContext(AppActorContext);
  const allowed = useMaySignOff();
  const [actor, setActor] = useState<SignOffActor | undefined>(undefined);
  useEffect(() => {
    if (!portal || !allowed) {
      setActor(undefined);
      return;
    }
    const started = createActor(portal.bind(bindFlowSignOff), {
      input: { machine, version },
      ...(portal.inspect ? { inspect: portal.inspect } : {}),
    }).start();
    setActor(started);
    return () => {
      started.stop();
    };
  }, [portal, allowed, machine, version]);
  return actor;
}

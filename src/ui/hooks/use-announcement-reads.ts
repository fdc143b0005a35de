import { useSelector } from '@xstate/react';
import { selectAnnouncementReadsRef } from '../../machines/app';
import { useAppActor } from './use-app-actor';

/** Where an announcement is marked read; undefined until the cart area has loaded (after sign-in). */
export function useAnnouncementReadsRef() {
  return useSelector(useAppActor(), selectAnnouncementReadsRef);
}

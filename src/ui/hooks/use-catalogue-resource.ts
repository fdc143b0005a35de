import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectAppChild, selectNotificationReadsRef, selectNotificationsRef } from '../../machines/app';
import { useAppActor } from './use-app-actor';

/** The app's lazy catalogue resources (catalogue contract §1), by their system id. */
export type CatalogueResourceId =
  | 'campaigns'
  | 'featured'
  | 'newest'
  | 'brands'
  | 'categories'
  | 'units'
  | 'currency'
  | 'announcements';

/**
 * A catalogue resource actor, asked to load the first time a screen needs it. `resource.load` is a
 * no-op once loaded (and retries after a failure), so every screen may send it on mount.
 */
export function useCatalogueResource<K extends CatalogueResourceId>(id: K) {
  const resource = useSelector(useAppActor(), (snapshot) => selectAppChild(snapshot, id));
  if (!resource) throw new Error(`The app actor has no running "${id}" child`);
  useEffect(() => {
    resource.send({ type: 'resource.load' });
  }, [resource]);
  return resource;
}

/** The notifications actor (follows the session; loads only while signed in). */
export function useNotificationsRef() {
  const notifications = useSelector(useAppActor(), selectNotificationsRef);
  useEffect(() => {
    notifications?.send({ type: 'resource.load' });
  }, [notifications]);
  return notifications;
}

/** Where a notification is marked read; there while someone is signed in, like the list. */
export function useNotificationReadsRef() {
  return useSelector(useAppActor(), selectNotificationReadsRef);
}

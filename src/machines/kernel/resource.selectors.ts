import type { SnapshotFrom } from 'xstate';
import type { ResourceMachine } from './resource.machine';

// The lazy resource's generic selectors, apart from the catalogue's so the login route (logo,
// site name) gets them without the catalogue's rules.

export type ResourceSnapshot<T> = SnapshotFrom<ResourceMachine<T>>;
export type ResourceStatus = 'new' | 'loading' | 'resolved' | 'reloading' | 'rejected';

export const selectResourceStatus = <T>(s: ResourceSnapshot<T>): ResourceStatus => s.value as ResourceStatus;

/** The last load failed (a resource keeps its previous value through a failed reload). */
export const selectIsResourceRejected = <T>(s: ResourceSnapshot<T>): boolean => s.matches('rejected');
/** The loaded value, null until the first load succeeds. */
export const selectResourceValue = <T>(s: ResourceSnapshot<T>): T | null => s.context.value;

import type { ActorRefFrom } from 'xstate';
import type { addressEditorMachine } from '../../../../machines/settings';

/** The address dialog's actor, invoked by the shared company-info actor. */
export type AddressEditorRef = ActorRefFrom<typeof addressEditorMachine>;

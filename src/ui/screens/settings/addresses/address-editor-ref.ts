import type { ActorRefFrom } from 'xstate';
import type { addressEditorMachine } from '../../../../machines/address-editor.machine';

/** The address dialog's actor, invoked by the shared company-info actor. */
export type AddressEditorRef = ActorRefFrom<typeof addressEditorMachine>;

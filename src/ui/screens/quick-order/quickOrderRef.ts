import type { ActorRefFrom } from 'xstate';
import type { quickOrderMachine } from '../../../machines/quick-order.machine';
import type { quickOrderFilesMachine } from '../../../machines/quick-order-files.machine';

export type QuickOrderRef = ActorRefFrom<typeof quickOrderMachine>;
export type QuickOrderFilesRef = ActorRefFrom<typeof quickOrderFilesMachine>;

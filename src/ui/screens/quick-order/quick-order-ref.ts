import type { ActorRefFrom } from 'xstate';
import type { quickOrderMachine } from '../../../machines/quick-order';

export type QuickOrderRef = ActorRefFrom<typeof quickOrderMachine>;

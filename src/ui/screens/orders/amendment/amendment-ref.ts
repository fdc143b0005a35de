import type { ActorRefFrom } from 'xstate';
import type { orderAmendmentMachine } from '../../../../machines/orders';

export type OrderAmendmentRef = ActorRefFrom<typeof orderAmendmentMachine>;

import type { ActorRefFrom } from 'xstate';
import type { stockTakeMachine } from '../../../machines/favourites';

export type StockTakeRef = ActorRefFrom<typeof stockTakeMachine>;

export {
  bindConnectivity,
  type ConnectivityEmitted,
  type ConnectivityPorts,
  connectivityMachine,
  type QueuedOrderReview,
  type QueuedOrderSummary,
} from './connectivity.machine';
export {
  type ConnectionBanner,
  selectCachedAsOf,
  selectCanSendAsIs,
  selectConnectionBanner,
  selectConnectivityError,
  selectQueuedOrderReview,
  selectRefusedChanges,
  selectWaitingChanges,
  selectWaitingOrders,
} from './connectivity.selectors';

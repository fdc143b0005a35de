export { bindConnectivity, connectivityMachine } from './connectivity.machine';
export {
  selectCachedAsOf,
  selectCanSendAsIs,
  selectConnectionBanner,
  selectQueuedOrderReview,
  selectRefusedChanges,
  selectWaitingChanges,
  selectWaitingOrders,
} from './connectivity.selectors';

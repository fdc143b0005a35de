export {
  bindFlowSignOff,
  type FlowSignOff,
  flowSignOffMachine,
  SIGN_OFF_COMMENT_LIMIT,
} from './flow-sign-off.machine';
export {
  selectCurrentVersionSignOff,
  selectSignOffComment,
  selectSignOffCommentProblem,
  selectSignOffFormStatus,
  selectSignOffHistoryStatus,
  selectSignOffs,
  selectSignOffVersion,
} from './flow-sign-off.selectors';
export {
  actorLabel,
  bindLiveInspection,
  LIVE_EVENT_LOG_SIZE,
  type LiveActor,
  type LiveStateValue,
  type LiveTab,
  liveInspectionMachine,
} from './live-inspection.machine';
export {
  type ActorTreeNode,
  actorTreeOf,
  eventsNewestFirst,
  selectChosenActorId,
  selectFollowedTab,
  selectFollowedTabGone,
  selectIsWaiting,
  selectTabs,
  shownActorOf,
  statePaths,
  tabSummaries,
  type WatchedActor,
  watchedActorsOf,
} from './live-inspection.selectors';
export { statechartSimulationMachine } from './statechart-simulation.machine';
export {
  selectAppliedEvents,
  selectCanReopenInput,
  selectCanReplayNext,
  selectCanStepBack,
  selectIsAwaitingInput,
  selectIsReplaying,
  selectReplay,
  selectReplayIndex,
  selectSimulation,
} from './statechart-simulation.selectors';

import { setup } from 'xstate';

/**
 * A machine with what the portal's machines do not all use: parallel regions, shallow and deep
 * history, a final state with onDone, a named delay with a fixed time, an always with a guard,
 * a targetless transition and a transition with two targets.
 */
export const playerMachine = setup({
  types: {
    events: {} as
      | { type: 'play' }
      | { type: 'pause' }
      | { type: 'mute' }
      | { type: 'eject' }
      | { type: 'reset' },
  },
  guards: { hasTrack: () => true },
  delays: { idleTimeout: 250 },
  actions: { logMute: () => undefined },
  actors: {},
}).createMachine({
  id: 'player',
  initial: 'off',
  on: { reset: '.off', eject: { actions: 'logMute' } },
  states: {
    off: { on: { play: 'on' } },
    on: {
      type: 'parallel',
      onDone: 'finished',
      states: {
        playback: {
          initial: 'paused',
          states: {
            paused: {
              on: { play: { target: 'playing', guard: 'hasTrack' } },
              after: { idleTimeout: 'stopped' },
            },
            playing: { on: { pause: 'paused', mute: { actions: 'logMute' } } },
            stopped: { type: 'final' },
            hist: { type: 'history', history: 'shallow' },
          },
        },
        volume: {
          initial: 'loud',
          states: {
            loud: { on: { mute: 'quiet' }, always: { target: 'quiet', guard: 'hasTrack' } },
            quiet: { type: 'final' },
            deepHist: { type: 'history', history: 'deep' },
          },
        },
      },
      on: { eject: { target: ['#player.on.playback.paused', '#player.on.volume.loud'] } },
    },
    finished: { after: { 1000: 'off' } },
  },
});

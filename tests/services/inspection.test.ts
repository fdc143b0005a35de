import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { createInspectionBridge } from '../../src/services/inspection/live-bridge';
import {
  type PortalMessage,
  STUDIO_QUIET_MS,
  type StudioMessage,
} from '../../src/services/inspection/messages';
import { listenToPortals, parsePortalMessage } from '../../src/services/inspection/studio-channel';

/** A sign-in chart: its event carries a password, its context a token (neither may travel). */
const signIn = setup({
  types: {
    context: {} as { token: string | null },
    events: {} as { type: 'session.login'; username: string; password: string },
  },
  actors: { login: fromPromise(async () => 'secret-token') },
}).createMachine({
  id: 'session',
  context: { token: null },
  initial: 'new',
  states: {
    new: { on: { 'session.login': 'inProgress' } },
    inProgress: {
      invoke: {
        id: 'login',
        src: 'login',
        onDone: { target: 'signedIn', actions: assign({ token: ({ event }) => event.output }) },
      },
    },
    signedIn: {},
  },
});

const channels: BroadcastChannel[] = [];
function channelPair() {
  const name = `portal-statecharts-test-${Math.random()}`;
  const portal = new BroadcastChannel(name);
  const studio = new BroadcastChannel(name);
  channels.push(portal, studio);
  const heard: PortalMessage[] = [];
  studio.onmessage = ({ data }) => heard.push(data as PortalMessage);
  const say = (message: StudioMessage) => studio.postMessage(message);
  return { portal, studio, heard, say };
}
const delivered = () => new Promise((resolve) => setTimeout(resolve, 20));

afterEach(() => {
  for (const channel of channels.splice(0)) channel.close();
  vi.restoreAllMocks();
});

describe('the portal tab’s inspection bridge', () => {
  it('says nothing while no studio has said hello', async () => {
    const { portal, heard } = channelPair();
    const bridge = createInspectionBridge(portal);
    const actor = createActor(signIn, { inspect: bridge.inspect }).start();
    actor.send({ type: 'session.login', username: 'buyer', password: 'buyer123' });
    await delivered();
    expect(heard).toEqual([]);
    actor.stop();
  });

  it('answers a hello with its actors, then forwards states and event types, never payloads or context', async () => {
    const { portal, heard, say } = channelPair();
    const bridge = createInspectionBridge(portal);
    const actor = createActor(signIn, { inspect: bridge.inspect }).start();
    say({ type: 'studio.hello', studio: 'studio-tab' });
    await delivered();
    expect(heard).toEqual([
      {
        type: 'portal.actors',
        tab: bridge.tab,
        actors: [{ id: actor.sessionId, name: actor.id, machine: 'session', value: 'new', status: 'active' }],
      },
    ]);
    actor.send({ type: 'session.login', username: 'buyer', password: 'buyer123' });
    await delivered();
    const json = JSON.stringify(heard);
    expect(json).not.toContain('buyer123');
    expect(json).not.toContain('secret-token');
    const events = heard.flatMap((message) => (message.type === 'portal.event' ? [message.event] : []));
    expect(events.map((event) => event.type)).toEqual([
      'session.login',
      'xstate.init',
      'xstate.promise.resolve', // to the promise actor itself (the studio logs only its named actors' events)
      'xstate.done.actor.login',
    ]);
    expect(events[0]).toEqual({ type: 'session.login', target: actor.sessionId, at: expect.any(Number) });
    const states = heard.flatMap((message) =>
      message.type === 'portal.actor'
        ? [[message.actor.name, message.actor.value ?? message.actor.status]]
        : [],
    );
    expect(states).toEqual([
      ['login', 'active'], // the invoked promise starts (sent with its init event)
      ['login', 'active'],
      [actor.id, 'inProgress'],
      [actor.id, 'signedIn'],
      ['login', 'done'], // it has ended: the studio drops it
    ]);
    // every message is one the studio accepts
    expect(heard.every((message) => parsePortalMessage(message) !== null)).toBe(true);
    actor.stop();
  });

  it('leaves ended actors out of the next answer', async () => {
    const { portal, heard, say } = channelPair();
    const bridge = createInspectionBridge(portal);
    const actor = createActor(signIn, { inspect: bridge.inspect }).start();
    actor.send({ type: 'session.login', username: 'buyer', password: 'buyer123' });
    await delivered();
    say({ type: 'studio.hello', studio: 'studio-tab' });
    await delivered();
    const answer = heard.find((message) => message.type === 'portal.actors');
    expect(answer?.type === 'portal.actors' && answer.actors.map((a) => [a.name, a.value])).toEqual([
      [actor.id, 'signedIn'],
    ]);
    actor.stop();
  });

  it('ignores a hello from its own tab, and stops after goodbye or a quiet studio', async () => {
    const { portal, heard, say } = channelPair();
    const bridge = createInspectionBridge(portal);
    const actor = createActor(signIn, { inspect: bridge.inspect }).start();
    say({ type: 'studio.hello', studio: bridge.tab });
    await delivered();
    expect(heard).toEqual([]);

    say({ type: 'studio.hello', studio: 'studio-tab' });
    await delivered();
    say({ type: 'studio.goodbye', studio: 'studio-tab' });
    await delivered();
    heard.length = 0;
    actor.send({ type: 'session.login', username: 'buyer', password: 'buyer123' });
    await delivered();
    expect(heard).toEqual([]);

    say({ type: 'studio.hello', studio: 'studio-tab' });
    await delivered();
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + STUDIO_QUIET_MS);
    heard.length = 0;
    createActor(signIn, { inspect: bridge.inspect }).start().stop();
    await delivered();
    expect(heard).toEqual([]);
    actor.stop();
  });
});

describe('the studio’s end of the channel', () => {
  it('says hello at once and at every heartbeat, hands on portal messages, says goodbye when stopped', async () => {
    const name = `portal-statecharts-test-${Math.random()}`;
    const studioSide = new BroadcastChannel(name);
    const portal = new BroadcastChannel(name);
    channels.push(portal);
    const said: StudioMessage[] = [];
    portal.onmessage = ({ data }) => said.push(data as StudioMessage);
    const heard: PortalMessage[] = [];
    const heartbeats: number[] = [];
    const stop = listenToPortals({
      studio: 'studio-tab',
      channel: studioSide,
      heartbeatMs: 30,
      onHeard: (message) => heard.push(message),
      onHeartbeat: (since) => heartbeats.push(since),
    });
    portal.postMessage({ type: 'portal.actors', tab: 'A', actors: [] });
    portal.postMessage({ type: 'portal.actors', tab: 'A', actors: [{ id: 1 }] }); // not a portal message
    portal.postMessage({ type: 'studio.hello', studio: 'other' });
    await new Promise((resolve) => setTimeout(resolve, 80));
    stop();
    await delivered();
    expect(heard).toEqual([{ type: 'portal.actors', tab: 'A', actors: [] }]);
    expect(heartbeats.length).toBeGreaterThanOrEqual(1);
    expect(said[0]).toEqual({ type: 'studio.hello', studio: 'studio-tab' });
    expect(said.filter((message) => message.type === 'studio.hello').length).toBe(heartbeats.length + 1);
    expect(said.at(-1)).toEqual({ type: 'studio.goodbye', studio: 'studio-tab' });
  });
});

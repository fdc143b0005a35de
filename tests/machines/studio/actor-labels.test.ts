import { describe, expect, it } from 'vitest';
import { actorLabel, type LiveActor, type LiveTab, watchedActorsOf } from '../../../src/machines/studio';

const actor = (fields: Partial<LiveActor> & Pick<LiveActor, 'id' | 'name'>): LiveActor => ({
  parent: null,
  systemId: null,
  machine: null,
  value: null,
  status: 'active',
  ...fields,
});

describe('the live view names each actor once', () => {
  it('the search box and the search call it invokes get distinct names', () => {
    const box = actor({ id: 'x:20', name: 'x:20', machine: 'search', value: { open: 'searching' } });
    const call = actor({ id: 'x:21', name: 'search', parent: 'x:20', machine: 'search' });
    expect(actorLabel(box)).toBe('search');
    expect(actorLabel(call)).not.toBe(actorLabel(box));
    expect(actorLabel(call)).toBe('search()');
  });

  it('a named machine and a system id keep their names', () => {
    expect(
      actorLabel(
        actor({ id: 'x:2', name: 'session', systemId: 'session', machine: 'session', value: 'signedIn' }),
      ),
    ).toBe('session');
    expect(actorLabel(actor({ id: 'x:5', name: 'line.42', machine: 'cartLine', value: 'idle' }))).toBe(
      'line.42',
    );
  });
});

describe('two running machines of one kind', () => {
  it('are told apart in the named list', () => {
    const tab: LiveTab = {
      id: 'A',
      lastSeen: 0,
      gone: false,
      events: [],
      actors: {
        'x:20': actor({ id: 'x:20', name: 'x:20', machine: 'search', value: 'closed' }),
        'x:31': actor({ id: 'x:31', name: 'x:31', machine: 'search', value: 'closed' }),
        'x:1': actor({ id: 'x:1', name: 'session', systemId: 'session', machine: 'session', value: 'idle' }),
      },
    };
    const searches = watchedActorsOf(tab).filter((watched) => watched.machine === 'search');
    expect(searches.map((watched) => watched.qualifier)).toEqual(['x:20', 'x:31']);
    const session = watchedActorsOf(tab).find((watched) => watched.machine === 'session');
    expect(session?.qualifier).toBeNull();
  });
});

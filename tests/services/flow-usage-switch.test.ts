import { afterEach, describe, expect, it, vi } from 'vitest';
import { flowUsageSwitch } from '../../src/services/flow-usage/flow-usage-switch';
import { JOURNEY_FLAG, JOURNEY_REPORT } from '../../src/services/flow-usage/journey-flag';

const recorder = vi.hoisted(() => ({ record: vi.fn(), countWith: vi.fn(), created: vi.fn() }));
vi.mock('../../src/services/flow-usage/recorder', () => ({
  createFlowUsageRecorder: (options: unknown) => {
    recorder.created(options);
    return { record: recorder.record, countWith: recorder.countWith };
  },
  usageSender: (apiBase: string) => `sender for ${apiBase}`,
}));

const microstep = (name: string) => ({ type: '@xstate.microstep', actorRef: {}, _transitions: [name] });
const capabilities = (available: string[], value = 'known') => ({
  type: '@xstate.snapshot',
  actorRef: { systemId: 'capabilities' },
  snapshot: { status: 'active', value, context: { available, lost: [] } },
});
const transitionOf = async () => () => null;

afterEach(() => {
  vi.clearAllMocks();
  const globals = globalThis as Record<string, unknown>;
  delete globals[JOURNEY_FLAG];
  delete globals[JOURNEY_REPORT];
});

describe('the flow usage switch', () => {
  it('loads no recorder when the backend does not ask for counts and no journey runs', async () => {
    const inspect = flowUsageSwitch('/api', transitionOf);
    inspect(microstep('a') as never);
    inspect(capabilities(['studio', 'favourites']) as never);
    inspect(microstep('b') as never);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(recorder.created).not.toHaveBeenCalled();
  });

  it('counts for the supplier once flowUsage is announced, with what happened since the start', async () => {
    const inspect = flowUsageSwitch('/api', transitionOf);
    inspect(microstep('before') as never);
    inspect(capabilities([], 'discovering') as never);
    inspect(capabilities(['studio', 'flowUsage']) as never);
    await vi.waitFor(() => expect(recorder.countWith).toHaveBeenCalledWith('sender for /api'));
    inspect(microstep('after') as never);
    expect(recorder.record.mock.calls).toEqual([[['before']], [['after']]]);
  });

  it('records for a browser journey without counting for the supplier', async () => {
    const report = vi.fn();
    Object.assign(globalThis, { [JOURNEY_FLAG]: true, [JOURNEY_REPORT]: report });
    const inspect = flowUsageSwitch('/api', transitionOf);
    inspect(capabilities(['studio']) as never);
    inspect(microstep('journey') as never);
    await vi.waitFor(() => expect(recorder.record).toHaveBeenCalledWith(['journey']));
    expect(recorder.created).toHaveBeenCalledWith(expect.objectContaining({ journeys: report }));
    expect(recorder.countWith).not.toHaveBeenCalled();
  });
});

import { describe, expect, it } from 'vitest';
import { flowScreensManifestWire } from '../../src/services/api/wire/flow-screens';
import {
  borrowedShots,
  coveringPaths,
  resolveStateId,
  type ScreenNode,
  screensManifest,
} from './screens-manifest';

/** A small checkout-like chart: a compound form, a compound submitting, and plain states. */
const nodes: ScreenNode[] = [
  {
    id: 'checkout.form',
    children: ['checkout.form.editing', 'checkout.form.dateMoved'],
    initialId: 'checkout.form.editing',
  },
  { id: 'checkout.form.editing', children: [] },
  { id: 'checkout.form.dateMoved', children: [] },
  { id: 'checkout.waitingForSaves', children: [] },
  {
    id: 'checkout.submitting',
    children: ['checkout.submitting.waiting', 'checkout.submitting.slow'],
    initialId: 'checkout.submitting.waiting',
  },
  { id: 'checkout.submitting.waiting', children: [] },
  { id: 'checkout.submitting.slow', children: [] },
  { id: 'checkout.submitFailed', children: [] },
  { id: 'checkout.succeeded', children: [] },
];

const base = { machine: 'checkout', version: '0123456789ab', takenAt: '2025-03-01T10:00:00.000Z', nodes };

describe('screensManifest', () => {
  it('lists every state of the chart, in its order, with the variants found in their fixed order', () => {
    const manifest = screensManifest({
      ...base,
      screenless: {},
      shots: {
        'checkout.form.editing': ['phone-dark-ar', 'desktop-light-en', 'desktop-dark-en'],
        'checkout.succeeded': ['desktop-light-en'],
      },
    });
    expect(Object.keys(manifest.states)).toEqual(nodes.map((node) => node.id));
    expect(manifest.states['checkout.form.editing']).toEqual({
      variants: ['desktop-light-en', 'desktop-dark-en', 'phone-dark-ar'],
    });
    expect(manifest.states['checkout.succeeded']).toEqual({ variants: ['desktop-light-en'] });
    expect(manifest).toMatchObject({ machine: 'checkout', version: '0123456789ab', takenAt: base.takenAt });
    expect(flowScreensManifestWire.parse(manifest)).toEqual(manifest);
  });

  it('says a state has no screen of its own with the UI map’s reason, even when a file was found', () => {
    const manifest = screensManifest({
      ...base,
      screenless: {
        'checkout.waitingForSaves': 'the cart drawer stays as it was while the saves finish',
        'submitting.waiting': 'a moment of the Order button spinning',
      },
      shots: { 'checkout.submitting.waiting': ['desktop-light-en'] },
    });
    expect(manifest.states['checkout.waitingForSaves']).toEqual({
      reason: 'no-screen',
      detail: 'the cart drawer stays as it was while the saves finish',
    });
    expect(manifest.states['checkout.submitting.waiting']).toEqual({
      reason: 'no-screen',
      detail: 'a moment of the Order button spinning',
    });
  });

  it('marks a state no run reached, naming the failed tests whose paths go through it', () => {
    const manifest = screensManifest({
      ...base,
      screenless: {},
      shots: { 'checkout.form.editing': ['desktop-light-en'] },
      failures: [
        {
          title: 'checkout-7: into submitFailed',
          stateIds: ['checkout.form.editing', 'checkout.submitFailed'],
        },
        { title: 'checkout-8: submitFailed again', stateIds: ['checkout.submitFailed'] },
      ],
    });
    expect(manifest.states['checkout.submitFailed']).toEqual({
      reason: 'not-reached',
      detail: 'checkout-7: into submitFailed; checkout-8: submitFailed again',
    });
    expect(manifest.states['checkout.succeeded']).toEqual({ reason: 'not-reached' });
    // shot despite a failing test: the picture counts
    expect(manifest.states['checkout.form.editing']).toEqual({ variants: ['desktop-light-en'] });
  });

  it('names the tests written to reach a state first, and counts those beyond three', () => {
    const through = (n: number) => ({
      title: `checkout-${n}`,
      stateIds: ['checkout.form.editing', 'checkout.succeeded'],
      target: 'checkout.form.editing',
    });
    const manifest = screensManifest({
      ...base,
      screenless: {},
      shots: {},
      failures: [
        through(1),
        through(2),
        { ...through(3), target: 'checkout.succeeded' },
        through(4),
        through(5),
      ],
    });
    expect(manifest.states['checkout.succeeded']).toEqual({
      reason: 'not-reached',
      detail: 'checkout-3; checkout-1; checkout-2; and 2 more',
    });
    expect(manifest.states['checkout.form.editing']).toEqual({
      reason: 'not-reached',
      detail: 'checkout-1; checkout-2; checkout-4; and 2 more',
    });
  });

  it('ignores a UI map entry naming no state of the chart, and a variant that is not one of the eight', () => {
    const manifest = screensManifest({
      ...base,
      screenless: { 'checkout.gone': 'removed long ago' },
      shots: { 'checkout.succeeded': ['tablet-light-en'] },
    });
    expect(Object.keys(manifest.states)).not.toContain('checkout.gone');
    expect(manifest.states['checkout.succeeded']).toEqual({ reason: 'not-reached' });
  });
});

describe('borrowedShots', () => {
  it('lets a compound state show the screen of the state it starts in, else of the first shot child', () => {
    expect(
      borrowedShots(nodes, {
        'checkout.form.editing': ['desktop-light-en'],
        'checkout.form.dateMoved': ['desktop-light-en'],
        'checkout.submitting.slow': ['desktop-light-en'],
      }),
    ).toEqual({
      'checkout.form': 'checkout.form.editing',
      'checkout.submitting': 'checkout.submitting.slow',
    });
  });

  it('leaves a compound state with shots of its own, and one whose children have none', () => {
    expect(borrowedShots(nodes, { 'checkout.form': ['desktop-light-en'] })).toEqual({});
  });
});

describe('resolveStateId', () => {
  it('takes the full id or the path below the root', () => {
    const ids = nodes.map((node) => node.id);
    expect(resolveStateId('checkout.form.editing', ids)).toBe('checkout.form.editing');
    expect(resolveStateId('form.editing', ids)).toBe('checkout.form.editing');
    expect(resolveStateId('editing', ids)).toBeUndefined();
  });
});

describe('coveringPaths', () => {
  it('picks the fewest paths that pass through every state, in report order on a tie', () => {
    const paths = new Map([
      ['p1', { stateIds: ['a'] }],
      ['p2', { stateIds: ['a', 'b'] }],
      ['p3', { stateIds: ['a', 'b', 'c'] }],
      ['p4', { stateIds: ['a', 'd'] }],
      ['p5', { stateIds: ['a', 'e'] }],
    ]);
    expect(coveringPaths(paths)).toEqual(['p3', 'p4', 'p5']);
  });

  it('chooses nothing for no paths', () => {
    expect(coveringPaths(new Map())).toEqual([]);
  });
});

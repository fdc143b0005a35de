import { describe, expect, it, vi } from 'vitest';
import { checkoutMachine } from '../../src/machines/checkout/checkout.machine';
import { ApiError } from '../../src/services/api/errors';
import { catalogEntry, machineCatalog } from '../../src/studio/machine-catalog';
import type { PathsReport } from '../../src/studio/paths-report';
import {
  acceptedEvents,
  activeStateIds,
  canTake,
  doneEvent,
  errorEvent,
  eventProblem,
  exampleEvents,
  exampleText,
  leafStateIds,
  matchesStep,
  needsInput,
  parseEventText,
  parseJsonText,
  pathGroups,
  simulate,
  startError,
  stateValueText,
} from '../../src/studio/simulation';

vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 20, 12, 0) });
const line = { product: 7, quantity: '2', unit: 1 };
const toPreview = [
  { type: 'checkout.itemsChanged', items: [line] },
  { type: 'checkout.dateChanged', date: '2026-12-01' },
  { type: 'checkout.submitted' },
];

describe('simulate', () => {
  it('replays the events from the initial snapshot without running any actor', () => {
    const { snapshot, error } = simulate(checkoutMachine, null, toPreview);
    expect(error).toBeNull();
    expect(snapshot.value).toBe('previewing');
    expect(snapshot.context.items).toEqual([line]);
    // the invoke exists but is a stand-in: nothing answers until the user does
    expect(acceptedEvents(checkoutMachine, snapshot).actors).toEqual([
      { id: 'previewOrder', done: true, error: true },
    ]);
  });

  it('answers the same snapshot for the same history (back a step keeps the drawn key)', () => {
    const placing = [...toPreview, doneEvent('previewOrder', null), { type: 'checkout.confirmed' }];
    const first = simulate(checkoutMachine, null, placing).snapshot;
    expect(first.value).toEqual({ submitting: 'waiting' });
    expect(first.context.idempotencyKey).toEqual(expect.any(String));
    simulate(checkoutMachine, null, placing.slice(0, -1));
    expect(simulate(checkoutMachine, null, placing).snapshot).toBe(first);
  });

  it('fires done and error of a stand-in, the error revived as an ApiError', () => {
    const failed = simulate(checkoutMachine, null, [...toPreview, errorEvent('previewOrder', 503)]).snapshot;
    expect(failed.value).toBe('previewFailed');
    expect(failed.context.error).toMatchObject({ kind: 'http', status: 503 });
    const offline = simulate(checkoutMachine, null, [
      ...toPreview,
      errorEvent('previewOrder', 'network'),
    ]).snapshot;
    expect(offline.context.error).toMatchObject({ kind: 'network' });
    const done = simulate(checkoutMachine, null, [
      ...toPreview,
      doneEvent('previewOrder', { total: '1' }),
    ]).snapshot;
    expect(done.value).toBe('confirming');
    expect(done.context.preview).toEqual({ total: '1' });
  });

  it('stops at an event that cannot be applied and says why', () => {
    // itemsChanged without its items leaves `items` undefined; the submit's guard then throws
    const events = [
      { type: 'checkout.itemsChanged' },
      { type: 'checkout.submitted' },
      { type: 'checkout.cancelled' },
    ];
    const result = simulate(checkoutMachine, null, events);
    expect(result.failedAt).toBe(1);
    expect(result.error).toMatch(/length/);
    expect(result.snapshot.value).toEqual({ form: 'editing' });
    expect(result.snapshot.context.items).toBeUndefined();
    expect(eventProblem(checkoutMachine, result.snapshot, { type: 'checkout.submitted' })).toMatch(/length/);
    expect(eventProblem(checkoutMachine, result.snapshot, toPreview[0]!)).toBeNull();
  });

  it('starts a machine that needs an input with one, and says what is missing without', () => {
    const cartLine = catalogEntry('cart-line')!.machine;
    expect(needsInput(cartLine)).toBe(true);
    expect(needsInput(checkoutMachine)).toBe(false);
    expect(startError(simulate(cartLine, null, []).snapshot)).toMatch(/item/);
    const names = machineCatalog.filter((entry) => needsInput(entry.machine)).map((entry) => entry.name);
    expect(names).toContain('favourite-list');
    expect(names).not.toContain('checkout');
  });
});

describe('what the active states accept', () => {
  it('lists the own events, guarded ones disabled with their payload', () => {
    const { snapshot } = simulate(checkoutMachine, null, []);
    const accepted = acceptedEvents(checkoutMachine, snapshot);
    expect(accepted.events).toEqual(expect.arrayContaining(['checkout.submitted', 'checkout.itemsChanged']));
    expect(accepted.actors).toEqual([]);
    expect(accepted.delays).toEqual([]);
    const confirming = simulate(checkoutMachine, null, [
      ...toPreview,
      doneEvent('previewOrder', null),
    ]).snapshot;
    expect(canTake(confirming, { type: 'checkout.confirmed' })).toBe(true);
    expect(canTake(confirming, { type: 'checkout.submitted' })).toBe(false);
  });

  it('lists pending delays with their milliseconds', () => {
    const search = catalogEntry('search')!.machine;
    const typed = simulate(search, null, [
      { type: 'search.focused' },
      { type: 'search.typed', query: 'bolts' },
    ]);
    const { delays, events } = acceptedEvents(search, typed.snapshot);
    expect(delays).toEqual([
      expect.objectContaining({
        eventType: 'xstate.after.searchDebounce.search.open.debouncing',
        delay: 'searchDebounce',
        ms: 250,
      }),
    ]);
    expect(events.some((type) => type.startsWith('xstate.after'))).toBe(false);
  });

  it('names the active states for the diagram', () => {
    const { snapshot } = simulate(checkoutMachine, null, toPreview);
    expect(activeStateIds(snapshot)).toEqual(['checkout.previewing']);
    expect(leafStateIds(snapshot)).toEqual(['checkout.previewing']);
    const preferences = simulate(catalogEntry('preferences')!.machine, null, []).snapshot;
    expect(stateValueText(preferences.value)).toBe('theme.light, sidebar.expanded');
    expect(stateValueText({ restoring: 'refreshing' })).toBe('restoring.refreshing');
  });
});

describe('payload editing', () => {
  it('takes the event, fills in its type, and refuses broken JSON or another type', () => {
    expect(parseEventText('{ "date": "2026-12-01" }', 'checkout.dateChanged')).toEqual({
      ok: true,
      event: { type: 'checkout.dateChanged', date: '2026-12-01' },
    });
    expect(parseEventText('{ "date": ', 'x')).toMatchObject({ ok: false, problem: 'invalidJson' });
    expect(parseEventText('[1]', 'x')).toMatchObject({ ok: false, problem: 'notAnObject' });
    expect(parseEventText('{ "type": "y" }', 'x')).toMatchObject({
      ok: false,
      problem: 'wrongType',
      detail: 'y',
    });
    expect(parseJsonText('')).toEqual({ ok: true, value: undefined });
    expect(parseJsonText('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonText('{')).toMatchObject({ ok: false });
  });

  const report: PathsReport = {
    machine: 'checkout',
    input: null,
    states: 7,
    transitions: 20,
    failureStates: ['checkout.submitFailed'],
    initial: { state: { form: 'editing' }, stateIds: ['checkout.form.editing'], screen: '' },
    spawned: {},
    paths: [
      {
        id: 'checkout-1',
        kind: 'state',
        target: 'checkout.previewing',
        serves: [{ kind: 'state', target: 'checkout.previewing' }],
        executed: true,
        steps: toPreview.map((event, i) => ({
          event,
          words: `step ${i}`,
          state: i === 2 ? 'previewing' : { form: 'editing' },
          stateIds: [i === 2 ? 'checkout.previewing' : 'checkout.form.editing'],
          screen: '',
        })),
      },
      {
        id: 'checkout-2',
        kind: 'failure',
        target: 'checkout.submitFailed',
        serves: [{ kind: 'failure', target: 'checkout.submitFailed' }],
        executed: false,
        steps: [],
      },
    ],
  };

  it('prefills from the report, falls back to the bare type, groups the paths, checks a step', () => {
    const examples = exampleEvents(report);
    expect(JSON.parse(exampleText(examples, 'checkout.dateChanged'))).toEqual(toPreview[1]);
    expect(JSON.parse(exampleText(examples, 'checkout.noteChanged'))).toEqual({
      type: 'checkout.noteChanged',
    });
    expect(exampleEvents(null).size).toBe(0);
    expect(pathGroups(report).map((group) => [group.kind, group.paths.map((p) => p.id)])).toEqual([
      ['state', ['checkout-1']],
      ['failure', ['checkout-2']],
    ]);
    const steps = report.paths[0]!.steps;
    const after = simulate(checkoutMachine, null, toPreview).snapshot;
    expect(matchesStep(after, steps[2]!)).toBe(true);
    expect(matchesStep(after, steps[1]!)).toBe(false);
  });

  it('writes a stand-in failure as the API client throws it', () => {
    const event = errorEvent('placeOrder', 409);
    expect(event).toMatchObject({
      type: 'xstate.error.actor.placeOrder',
      error: { $apiError: { status: 409 } },
    });
    const failed = simulate(checkoutMachine, null, [
      ...toPreview,
      doneEvent('previewOrder', null),
      { type: 'checkout.confirmed' },
      event,
    ]).snapshot;
    expect(failed.value).toBe('submitFailed');
    expect(new ApiError({ kind: 'http', call: '', status: 409 }, '').status).toBe(
      failed.context.error.status,
    );
  });
});

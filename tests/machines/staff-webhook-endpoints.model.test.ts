import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import {
  bindWebhookEndpoints,
  type CreateWebhookEndpointInput,
  type SetEnabledInput,
  type WebhookTestOutcome,
  webhookEndpointsMachine,
  webhookUrlProblem,
} from '../../src/machines/staff/webhook-endpoints.machine';
import {
  selectDeleteStep,
  selectDialogEndpoint,
  selectEndpointActionsOpen,
  selectEndpointCreateFailed,
  selectEndpointDescription,
  selectEndpointSaving,
  selectEndpoints,
  selectEndpointsEmpty,
  selectEndpointsLoadFailed,
  selectEndpointsLoading,
  selectEndpointUrl,
  selectEndpointUrlProblem,
  selectIsAddingEndpoint,
  selectRotateStep,
  selectShownWebhookSecret,
  selectTestFailedEndpointId,
  selectTestingEndpointId,
  selectTestResult,
  selectToggleFailedEndpointId,
  selectTogglingEndpointId,
  selectWebhookCopyState,
} from '../../src/machines/staff/webhook-endpoints.selectors';
import { ApiError } from '../../src/services/api/errors';
import type {
  CreatedWebhookEndpoint,
  RotatedWebhookSecret,
  WebhookEndpoint,
} from '../../src/services/api/staff-webhooks';
import { httpError, networkError } from '../../src/test/api-errors';
import { controllableActor, settle } from '../../src/test/controllableActor';
import { answerNextCall, sendStepEvent } from '../../src/test/model-executors';
import { assertExecutorsFor, modelFor } from '../../src/test/modelFor';
import { testStaffPorts } from '../../src/test/staff-ports';
import { pathsToWalk } from '../../src/test/walk';

const endpoint = (id: number, url: string, overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id,
  url,
  description: '',
  enabled: true,
  createdAt: '2026-11-27T10:00:00.000Z',
  createdBy: 'staff:staff',
  previousSecretExpiresAt: null,
  pending: 0,
  failing: 0,
  dead: 0,
  ...overrides,
});
const erp = endpoint(1, 'https://erp.example/hooks', { description: 'ERP', pending: 3, failing: 1, dead: 2 });
const goodUrl = 'https://shop.example/webhooks';
const created: CreatedWebhookEndpoint = {
  endpoint: endpoint(2, goodUrl, { description: 'Shop' }),
  secret: 'whsec_bmV3LWVuZHBvaW50LXNlY3JldC0yNC1ieXRlcw==',
};
const rotated: RotatedWebhookSecret = {
  secret: 'whsec_cm90YXRlZC1zZWNyZXQtb2YtMjQtYnl0ZXMhIQ==',
  previousSecretExpiresAt: '2026-11-28T10:00:00.000Z',
};
const tested: WebhookTestOutcome = {
  ok: false,
  status: 500,
  error: 'HTTP 500',
  durationMs: 84,
  endpointId: 1,
  testedAt: '2026-11-27T12:00:00.000Z',
};
const urlRefused = new ApiError(
  { kind: 'http', call: 'test call', status: 400, code: 'invalid', fieldErrors: { url: ['Not allowed.'] } },
  'HTTP 400',
);

const model = modelFor(webhookEndpointsMachine, {
  events: (s) => {
    // the actions are asked of the list's first endpoint (the one there is, or the one just added)
    const current = (s.context.endpoints as WebhookEndpoint[])[0] ?? erp;
    return [
      { type: 'xstate.done.actor.listEndpoints', output: [erp] },
      { type: 'xstate.done.actor.listEndpoints', output: [] },
      { type: 'xstate.error.actor.listEndpoints', error: networkError },
      { type: 'webhooks.urlChanged', url: goodUrl },
      { type: 'webhooks.urlChanged', url: 'ftp://shop.example/' },
      { type: 'webhooks.urlChanged', url: ' ' },
      { type: 'webhooks.descriptionChanged', description: 'Shop' },
      { type: 'xstate.done.actor.createEndpoint', output: created },
      { type: 'xstate.error.actor.createEndpoint', error: urlRefused },
      { type: 'xstate.error.actor.createEndpoint', error: httpError(500) },
      { type: 'xstate.error.actor.copySecret', error: new Error('NotAllowedError') },
      { type: 'webhooks.testAsked', id: current.id },
      { type: 'xstate.done.actor.testEndpoint', output: { ...tested, endpointId: current.id } },
      { type: 'xstate.error.actor.testEndpoint', error: networkError },
      { type: 'webhooks.enabledToggled', id: current.id },
      { type: 'xstate.done.actor.setEnabled', output: { ...current, enabled: !current.enabled } },
      { type: 'xstate.error.actor.setEnabled', error: httpError(500) },
      { type: 'webhooks.rotateAsked', id: current.id },
      { type: 'xstate.done.actor.rotateSecret', output: rotated },
      { type: 'xstate.error.actor.rotateSecret', error: networkError },
      { type: 'webhooks.deleteAsked', id: current.id },
      { type: 'xstate.error.actor.deleteEndpoint', error: httpError(500) },
    ];
  },
  // the guards read the endpoints (none left?) and the URL; the form and the list are compared by the tests
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.url,
      s.context.description,
      s.context.submitted,
      s.context.urlRefused,
      s.context.endpoints.map((each: WebhookEndpoint) => [
        each.id,
        each.enabled,
        each.previousSecretExpiresAt,
      ]),
      s.context.chosenId,
    ]),
});
const walked = pathsToWalk('webhook-endpoints', webhookEndpointsMachine, model.getShortestPaths());

function createSut() {
  const listEndpoints = controllableActor<WebhookEndpoint[], void>();
  const createEndpoint = controllableActor<CreatedWebhookEndpoint, CreateWebhookEndpointInput>();
  const testEndpoint = controllableActor<WebhookTestOutcome, { id: number }>();
  const setEnabled = controllableActor<WebhookEndpoint, SetEnabledInput>();
  const rotateSecret = controllableActor<RotatedWebhookSecret, { id: number }>();
  const deleteEndpoint = controllableActor<void, { id: number }>();
  const copySecret = controllableActor<void, { secret: string }>();
  const actor = createActor(
    webhookEndpointsMachine.provide({
      actors: {
        listEndpoints: listEndpoints.logic,
        createEndpoint: createEndpoint.logic,
        testEndpoint: testEndpoint.logic,
        setEnabled: setEnabled.logic,
        rotateSecret: rotateSecret.logic,
        deleteEndpoint: deleteEndpoint.logic,
        copySecret: copySecret.logic,
      },
    }),
  ).start();
  return {
    actor,
    listEndpoints,
    createEndpoint,
    testEndpoint,
    setEnabled,
    rotateSecret,
    deleteEndpoint,
    copySecret,
  };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = sendStepEvent(() => sut.actor);
const executors = {
  'webhooks.retried': send,
  'webhooks.createStarted': send,
  'webhooks.urlChanged': send,
  'webhooks.descriptionChanged': send,
  'webhooks.submitted': send,
  'webhooks.cancelled': send,
  'webhooks.copyAsked': send,
  'webhooks.secretDismissed': send,
  'webhooks.testAsked': send,
  'webhooks.enabledToggled': send,
  'webhooks.rotateAsked': send,
  'webhooks.rotateConfirmed': send,
  'webhooks.deleteAsked': send,
  'webhooks.deleteConfirmed': send,
  'xstate.done.actor.listEndpoints': answerNextCall(() => sut.listEndpoints),
  'xstate.error.actor.listEndpoints': answerNextCall(() => sut.listEndpoints),
  'xstate.done.actor.createEndpoint': answerNextCall(() => sut.createEndpoint),
  'xstate.error.actor.createEndpoint': answerNextCall(() => sut.createEndpoint),
  'xstate.done.actor.testEndpoint': answerNextCall(() => sut.testEndpoint),
  'xstate.error.actor.testEndpoint': answerNextCall(() => sut.testEndpoint),
  'xstate.done.actor.setEnabled': answerNextCall(() => sut.setEnabled),
  'xstate.error.actor.setEnabled': answerNextCall(() => sut.setEnabled),
  'xstate.done.actor.rotateSecret': answerNextCall(() => sut.rotateSecret),
  'xstate.error.actor.rotateSecret': answerNextCall(() => sut.rotateSecret),
  'xstate.done.actor.deleteEndpoint': answerNextCall(() => sut.deleteEndpoint),
  'xstate.error.actor.deleteEndpoint': answerNextCall(() => sut.deleteEndpoint),
  'xstate.done.actor.copySecret': answerNextCall(() => sut.copySecret),
  'xstate.error.actor.copySecret': answerNextCall(() => sut.copySecret),
};
assertExecutorsFor(walked, executors);

const now = () => sut.actor.getSnapshot();
const sameAsModel = (expected: AnyMachineSnapshot) => {
  expect(now().value).toEqual(expected.value);
  expect(selectEndpoints(now())).toEqual(expected.context.endpoints);
};
/** no secret in any snapshot outside the one panel that shows it */
const secretsGone = () => {
  expect(selectShownWebhookSecret(now())).toBeNull();
  const context = JSON.stringify(now().context);
  expect(context).not.toContain(created.secret);
  expect(context).not.toContain(rotated.secret);
};
const noDialog = () => {
  expect(selectRotateStep(now())).toBeNull();
  expect(selectDeleteStep(now())).toBeNull();
  expect(selectDialogEndpoint(now())).toBeNull();
};

describe('webhook endpoints machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        loading: (s) => {
          sameAsModel(s);
          expect(selectEndpointsLoading(now())).toBe(true);
          expect(sut.listEndpoints.calls).toHaveLength(1);
        },
        loadFailed: (s) => {
          sameAsModel(s);
          expect(selectEndpointsLoadFailed(now())).toBe(true);
        },
        empty: (s) => {
          sameAsModel(s);
          secretsGone();
          expect(selectEndpointsEmpty(now())).toBe(true);
          expect(selectEndpoints(now())).toEqual([]);
          expect(selectEndpointActionsOpen(now())).toBe(true);
        },
        list: (s) => {
          sameAsModel(s);
          secretsGone();
          expect(selectEndpoints(now()).length).toBeGreaterThan(0);
          expect(selectIsAddingEndpoint(now())).toBe(false);
        },
        'list.testing': (s) => {
          expect(selectTestingEndpointId(now())).toBe(s.context.chosenId);
          expect(selectEndpointActionsOpen(now())).toBe(false);
          expect(sut.testEndpoint.calls.at(-1)?.input).toEqual({ id: s.context.chosenId });
        },
        'list.idle': () => {
          expect(selectEndpointActionsOpen(now())).toBe(true);
          noDialog();
        },
        'list.testFailed': (s) => {
          expect(selectTestFailedEndpointId(now())).toBe(s.context.chosenId);
          expect(selectEndpointActionsOpen(now())).toBe(true);
        },
        'list.toggling': (s) => {
          expect(selectTogglingEndpointId(now())).toBe(s.context.chosenId);
          // the call asks for the opposite of what the endpoint is
          const current = (s.context.endpoints as WebhookEndpoint[]).find((e) => e.id === s.context.chosenId);
          expect(sut.setEnabled.calls.at(-1)?.input).toEqual({
            id: s.context.chosenId,
            enabled: !current?.enabled,
          });
        },
        'list.toggleFailed': (s) => {
          expect(selectToggleFailedEndpointId(now())).toBe(s.context.chosenId);
          expect(selectEndpointActionsOpen(now())).toBe(true);
        },
        'list.confirmingRotate': (s) => {
          expect(selectRotateStep(now())).toBe('confirming');
          expect(selectDialogEndpoint(now())?.id).toBe(s.context.chosenId);
          expect(sut.rotateSecret.calls).toHaveLength(0);
        },
        'list.rotating': (s) => {
          expect(selectRotateStep(now())).toBe('working');
          expect(sut.rotateSecret.calls.at(-1)?.input).toEqual({ id: s.context.chosenId });
        },
        'list.rotateFailed': (s) => {
          expect(selectRotateStep(now())).toBe('failed');
          expect(selectDialogEndpoint(now())?.id).toBe(s.context.chosenId);
        },
        'list.confirmingDelete': (s) => {
          expect(selectDeleteStep(now())).toBe('confirming');
          expect(selectDialogEndpoint(now())?.id).toBe(s.context.chosenId);
          expect(sut.deleteEndpoint.calls).toHaveLength(0);
        },
        'list.deleting': (s) => {
          expect(selectDeleteStep(now())).toBe('working');
          expect(sut.deleteEndpoint.calls.at(-1)?.input).toEqual({ id: s.context.chosenId });
        },
        'list.deleteFailed': (s) => {
          expect(selectDeleteStep(now())).toBe('failed');
          expect(selectDialogEndpoint(now())?.id).toBe(s.context.chosenId);
        },
        'creating.editing': (s) => {
          sameAsModel(s);
          secretsGone();
          expect(selectIsAddingEndpoint(now())).toBe(true);
          expect(selectEndpointUrl(now())).toBe(s.context.url);
          // the server's refusal shows until the URL changes; the form's own check once Add was pressed
          expect(selectEndpointUrlProblem(now())).toBe(
            s.context.urlRefused ? 'refused' : s.context.submitted ? webhookUrlProblem(s.context.url) : null,
          );
        },
        'creating.saving': (s) => {
          sameAsModel(s);
          expect(selectEndpointSaving(now())).toBe(true);
          expect(sut.createEndpoint.calls.at(-1)?.input).toEqual({
            url: goodUrl,
            description: s.context.description,
          });
        },
        'creating.failed': (s) => {
          sameAsModel(s);
          expect(selectEndpointCreateFailed(now())).toBe(true);
          // what was typed stays for Try again
          expect(selectEndpointUrl(now())).toBe(goodUrl);
          expect(selectEndpointDescription(now())).toBe(s.context.description);
        },
        secretShown: (s) => {
          sameAsModel(s);
          const shown = selectShownWebhookSecret(now());
          // a new endpoint's secret, or a rotation's with until when the old one verifies
          const expected =
            shown?.secret === created.secret
              ? { secret: created.secret, endpointId: 2, previousSecretExpiresAt: null }
              : {
                  secret: rotated.secret,
                  endpointId: s.context.shownSecret?.endpointId,
                  previousSecretExpiresAt: rotated.previousSecretExpiresAt,
                };
          expect(shown).toEqual(expected);
          // the list says so too
          expect(
            selectEndpoints(now()).find((e) => e.id === expected.endpointId)?.previousSecretExpiresAt,
          ).toBe(expected.previousSecretExpiresAt);
        },
        'secretShown.shown': () => expect(selectWebhookCopyState(now())).toBe('idle'),
        'secretShown.copying': () => {
          expect(selectWebhookCopyState(now())).toBe('copying');
          expect(sut.copySecret.calls.at(-1)?.input).toEqual({
            secret: selectShownWebhookSecret(now())?.secret,
          });
        },
        'secretShown.copied': () => expect(selectWebhookCopyState(now())).toBe('copied'),
        'secretShown.copyFailed': () => expect(selectWebhookCopyState(now())).toBe('failed'),
      },
    });
  });
});

describe('the webhook endpoints bound to their ports', () => {
  it('tests an endpoint and keeps its answer with when it ran', async () => {
    const ports = testStaffPorts({
      api: {
        webhookEndpoints: async () => [erp],
        testWebhookEndpoint: async () => ({ ok: true, status: 204, error: null, durationMs: 12 }),
      },
    });
    const actor = createActor(bindWebhookEndpoints(ports)).start();
    await settle();
    actor.send({ type: 'webhooks.testAsked', id: 1 });
    await settle();
    const result = selectTestResult(actor.getSnapshot());
    expect(result).toMatchObject({ ok: true, status: 204, error: null, durationMs: 12, endpointId: 1 });
    expect(Number.isNaN(Date.parse(result?.testedAt ?? ''))).toBe(false);
    actor.stop();
  });

  it('tells a URL that is not an http(s) address', () => {
    expect(webhookUrlProblem('')).toBe('missing');
    expect(webhookUrlProblem('erp.example/hooks')).toBe('invalid');
    expect(webhookUrlProblem('mailto:ops@erp.example')).toBe('invalid');
    expect(webhookUrlProblem('https://erp:secret@erp.example/hooks')).toBe('invalid');
    expect(webhookUrlProblem(' https://erp.example/hooks ')).toBeNull();
    expect(webhookUrlProblem('http://localhost:8080/in')).toBeNull();
  });
});

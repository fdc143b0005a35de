import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, assign, createActor, fromPromise, setup } from 'xstate';
import { type CompanyForm, validateCompanyForm } from '../../../src/domain/account-forms';
import {
  type AddressChange,
  companyFormOf,
  withAddressChange,
  withCompanyForm,
} from '../../../src/domain/company-info-edits';
import type { CompanyInfo } from '../../../src/domain/types';
import type {
  AddressEditorEvent,
  addressEditorMachine,
} from '../../../src/machines/settings/address-editor.machine';
import {
  bindCompanyInfo,
  type CompanyProblem,
  companyInfoMachine,
  type SaveCompanyInfoInput,
} from '../../../src/machines/settings/company-info.machine';
import {
  selectCompanyDraft,
  selectCompanyFieldErrors,
  selectCompanyInfo,
  selectCompanyInfoLoadFailed,
  selectCompanyProblem,
  selectCompanySaved,
  selectIsCompanyInfoLoading,
  selectIsCompanySaving,
  selectIsEditingCompany,
} from '../../../src/machines/settings/company-info.selectors';
import { httpError, unusedApi } from '../../../src/test/api-errors';
import { aCompanyInfo } from '../../../src/test/builders';
import { settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

/** two e-mail addresses, so that removing one leaves a form that can be saved */
const info = aCompanyInfo({ emailAddresses: ['office@corner.example', 'orders@corner.example'] });
const saved: CompanyInfo = { ...info, version: info.version + 1, name: 'Corner Shop Group' };
const reloaded: CompanyInfo = { ...info, version: info.version + 5, landlineNumber: '+90 212 000 00 00' };
const newDelivery: AddressChange = {
  op: 'save',
  kind: 'delivery',
  pk: null,
  form: {
    name: 'Back door',
    line1: 'Yan sokak 3',
    line2: '',
    suburb: '',
    city: 'Izmir',
    state: '',
    country: 'Türkiye',
    postalCode: '35000',
    instructions: 'Ring twice',
  },
};

/** what the draft keeper answers on start after a reload in the middle of an edit */
const restored = {
  type: 'companyInfo.draftRestored',
  draft: { ...companyFormOf(info), name: 'Corner Shop Group' },
};

const model = modelFor(companyInfoMachine, {
  events: (s) => [
    // the keeper answers once, as the section starts
    ...(s.matches('idle') && s.context.keptDraft === null ? [restored] : []),
    { type: 'xstate.done.actor.loadCompanyInfo', output: info },
    { type: 'xstate.error.actor.loadCompanyInfo', error: httpError(500) },
    { type: 'companyInfo.fieldChanged', field: 'name', value: '' },
    { type: 'companyInfo.fieldChanged', field: 'name', value: 'Corner Shop Group' },
    { type: 'companyInfo.emailChanged', index: 0, value: 'orders@corner.example' },
    { type: 'companyInfo.emailRemoved', index: 0 },
    { type: 'xstate.done.actor.saveCompanyForm', output: saved },
    { type: 'xstate.error.actor.saveCompanyForm', error: httpError(409, 'stale_company_info') },
    { type: 'xstate.error.actor.saveCompanyForm', error: httpError(403, 'main_user_only') },
    { type: 'xstate.error.actor.saveCompanyForm', error: httpError(400, 'invalid') },
    { type: 'xstate.error.actor.saveCompanyForm', error: httpError(503) },
    { type: 'xstate.done.actor.reloadForForm', output: reloaded },
    { type: 'xstate.error.actor.reloadForForm', error: httpError(500) },
    { type: 'companyInfo.addressChangeRequested', change: newDelivery },
    { type: 'xstate.done.actor.writeAddresses', output: saved },
    { type: 'xstate.error.actor.writeAddresses', error: httpError(409, 'stale_company_info') },
    { type: 'xstate.error.actor.writeAddresses', error: httpError(403, 'main_user_only') },
    { type: 'xstate.error.actor.writeAddresses', error: httpError(400, 'invalid') },
    { type: 'xstate.error.actor.writeAddresses', error: httpError(500) },
    { type: 'xstate.done.actor.reloadForAddresses', output: reloaded },
    { type: 'xstate.error.actor.reloadForAddresses', error: httpError(500) },
  ],
  // the guard reads whether the draft is valid; the draft (its list clamped) and whether messages show
  // tell the editing steps apart, so each of them is on a path
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.keptDraft !== null,
      s.context.draft ? validateCompanyForm(s.context.draft).ok : null,
      s.matches({ ready: { form: { edit: 'filling' } } }) && s.context.draft
        ? [
            s.context.draft.name,
            s.context.draft.emailAddresses.slice(0, 3),
            Object.keys(s.context.fieldErrors).length > 0,
          ]
        : null,
    ]),
});
const paths = model.getShortestPaths();
const walked = pathsToWalk('companyInfo', companyInfoMachine, paths);

/** A promise actor per invoke id, settled by the test (the same src runs under several ids). */
function callsById<TOutput, TInput>() {
  const pending = new Map<
    string,
    Array<{ input: TInput; resolve: (v: TOutput) => void; reject: (e: unknown) => void }>
  >();
  const inputs: Array<{ id: string; input: TInput }> = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, self }) =>
      new Promise<TOutput>((resolve, reject) => {
        const list = pending.get(self.id) ?? [];
        list.push({ input, resolve, reject });
        pending.set(self.id, list);
        inputs.push({ id: self.id, input });
      }),
  );
  const next = (id: string) => {
    const call = pending.get(id)?.shift();
    if (!call) throw new Error(`${id} was not invoked`);
    return call;
  };
  return { logic, next, inputs };
}

/** Stands in for the address editor: keeps what the company info tells it. */
const editorStub = setup({
  types: { context: {} as { told: AddressEditorEvent[] }, events: {} as AddressEditorEvent },
}).createMachine({
  context: { told: [] },
  on: { '*': { actions: assign({ told: ({ context, event }) => [...context.told, event] }) } },
});

function createSut() {
  const load = callsById<CompanyInfo, void>();
  const save = callsById<CompanyInfo, SaveCompanyInfoInput>();
  const reported: unknown[] = [];
  const api = { ...unusedApi, reportError: async (report: unknown) => void reported.push(report) };
  const bound = bindCompanyInfo(testPorts(api)).provide({
    actors: {
      loadCompanyInfo: load.logic,
      saveCompanyInfo: save.logic,
      addressEditor: editorStub as unknown as typeof addressEditorMachine,
    },
  });
  const actor = createActor(bound, { systemId: 'companyInfo' }).start();
  return { actor, load, save, reported };
}
let sut: ReturnType<typeof createSut>;
let lastEvent: ModelEvent | null = null;
afterEach(() => {
  sut?.actor.stop();
  lastEvent = null;
});

const send = (step: { event: { type: string } }) => {
  lastEvent = step.event as ModelEvent;
  sut.actor.send(step.event as never);
};
const settleCall =
  (id: string, calls: () => ReturnType<typeof callsById<CompanyInfo, never>>) =>
  async (step: { event: { type: string } }) => {
    const event = step.event as ModelEvent;
    lastEvent = event;
    const call = calls().next(id);
    if (event.type.startsWith('xstate.done')) call.resolve(event.output as CompanyInfo);
    else call.reject(event.error);
    await settle();
  };
const loads = () => sut.load as never;
const saves = () => sut.save as never;
const executors = {
  'companyInfo.needed': send,
  'companyInfo.retried': send,
  'companyInfo.editStarted': send,
  'companyInfo.fieldChanged': send,
  'companyInfo.emailChanged': send,
  'companyInfo.emailAdded': send,
  'companyInfo.emailRemoved': send,
  'companyInfo.submitted': send,
  'companyInfo.cancelled': send,
  'companyInfo.addressChangeRequested': send,
  'companyInfo.draftRestored': send,
  'xstate.done.actor.loadCompanyInfo': settleCall('loadCompanyInfo', loads),
  'xstate.error.actor.loadCompanyInfo': settleCall('loadCompanyInfo', loads),
  'xstate.done.actor.saveCompanyForm': settleCall('saveCompanyForm', saves),
  'xstate.error.actor.saveCompanyForm': settleCall('saveCompanyForm', saves),
  'xstate.done.actor.reloadForForm': settleCall('reloadForForm', loads),
  'xstate.error.actor.reloadForForm': settleCall('reloadForForm', loads),
  'xstate.done.actor.writeAddresses': settleCall('writeAddresses', saves),
  'xstate.error.actor.writeAddresses': settleCall('writeAddresses', saves),
  'xstate.done.actor.reloadForAddresses': settleCall('reloadForAddresses', loads),
  'xstate.error.actor.reloadForAddresses': settleCall('reloadForAddresses', loads),
};
assertExecutorsFor(walked, executors);

const snapshot = () => sut.actor.getSnapshot();
/** What the address editor is told after `event`, when `event` ended its change. */
const editorToldAfter = (event: ModelEvent | null) => {
  if (event?.type === 'xstate.done.actor.writeAddresses') return { type: 'addressEditor.saved' };
  if (event?.type === 'xstate.done.actor.reloadForAddresses')
    return { type: 'addressEditor.refused', problem: expect.any(String) };
  if (event?.type !== 'xstate.error.actor.writeAddresses') return undefined;
  const status = (event.error as { status: number }).status;
  return { type: 'addressEditor.refused', problem: status === 403 ? 'forbidden' : 'failed' };
};
/** The reason the form shows for the event that brought it back, when that event was a refusal. */
const explainedReason = (event: ModelEvent | null): CompanyProblem | undefined => {
  if (event?.type === 'xstate.done.actor.reloadForForm') return 'stale';
  if (event?.type !== 'xstate.error.actor.saveCompanyForm') return undefined;
  return ({ 403: 'forbidden', 400: 'refused' } as const)[(event.error as { status: 403 | 400 }).status];
};
const sameAsModel = (expected: AnyMachineSnapshot) => expect(snapshot().value).toEqual(expected.value);
const editorTold = (): AddressEditorEvent[] => {
  const editor = snapshot().children.addressEditor?.getSnapshot() as unknown as
    | { context: { told: AddressEditorEvent[] } }
    | undefined;
  return editor?.context.told ?? [];
};

describe('company info machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        idle: (s) => {
          sameAsModel(s);
          expect(selectIsCompanyInfoLoading(snapshot())).toBe(true);
          expect(sut.load.inputs).toHaveLength(0);
        },
        loading: (s) => {
          sameAsModel(s);
          expect(selectIsCompanyInfoLoading(snapshot())).toBe(true);
          expect(sut.load.inputs.at(-1)?.id).toBe('loadCompanyInfo');
        },
        failed: (s) => {
          sameAsModel(s);
          expect(selectCompanyInfoLoadFailed(snapshot())).toBe(true);
          expect(sut.reported.length).toBeGreaterThan(0);
        },
        'ready.form.viewing': (s) => {
          sameAsModel(s);
          expect(selectIsEditingCompany(snapshot())).toBe(false);
          expect(selectCompanyDraft(snapshot())).toBeNull();
        },
        'ready.form.saved': (s) => {
          sameAsModel(s);
          expect(selectCompanySaved(snapshot())).toBe(true);
          expect(selectCompanyDraft(snapshot())).toBeNull();
        },
        'ready.form.edit.filling.editing': (s) => {
          sameAsModel(s);
          expect(selectIsEditingCompany(snapshot())).toBe(true);
          expect(selectIsCompanySaving(snapshot())).toBe(false);
          const draft = selectCompanyDraft(snapshot());
          expect(draft).not.toBeNull();
          // after a conflict: the new copy, the typed draft, and the message
          const reloadedNow = lastEvent?.type === 'xstate.done.actor.reloadForForm';
          expect(reloadedNow ? selectCompanyInfo(snapshot()) : reloaded).toEqual(reloaded);
          // a refusal the server explains comes back to the form with its reason, and is not reported
          expect(selectCompanyProblem(snapshot())).toBe(explainedReason(lastEvent) ?? s.context.problem);
          expect(lastEvent?.type === 'xstate.error.actor.saveCompanyForm' ? sut.reported : []).toEqual([]);
          // Save with a field left wrong shows its message
          const submittedWrong =
            lastEvent?.type === 'companyInfo.submitted' && !validateCompanyForm(draft as CompanyForm).ok;
          expect(!submittedWrong || Object.keys(selectCompanyFieldErrors(snapshot())).length > 0).toBe(true);
        },
        'ready.form.edit.filling.failed': (s) => {
          sameAsModel(s);
          // the unexpected failure: said above the form, what was typed kept, and reported
          expect(selectIsEditingCompany(snapshot())).toBe(true);
          expect(selectIsCompanySaving(snapshot())).toBe(false);
          expect(selectCompanyProblem(snapshot())).toBe('failed');
          expect(selectCompanyDraft(snapshot())).not.toBeNull();
          expect(sut.reported.length).toBeGreaterThan(0);
        },
        'ready.form.edit.submitting': (s) => {
          sameAsModel(s);
          expect(selectIsCompanySaving(snapshot())).toBe(true);
          // the whole company info, built from the latest copy and the cleaned draft
          const call = sut.save.inputs.filter((c) => c.id === 'saveCompanyForm').at(-1);
          const draft = selectCompanyDraft(snapshot());
          expect(draft).not.toBeNull();
          expect(call?.input.info).toEqual(withCompanyForm(call?.input.info as CompanyInfo, draft as never));
          expect(call?.input.info.deliveryAddresses).toBeDefined();
        },
        'ready.form.edit.reloading': (s) => {
          sameAsModel(s);
          expect(selectIsCompanySaving(snapshot())).toBe(true);
          expect(selectCompanyDraft(snapshot())).not.toBeNull();
        },
        'ready.addresses.idle': (s) => {
          sameAsModel(s);
          // the address editor hears how its change ended
          const told = editorTold().at(-1);
          expect(told).toEqual(editorToldAfter(lastEvent) ?? told);
        },
        'ready.addresses.writing': (s) => {
          sameAsModel(s);
          // the whole company info with the new address (pk null) added, everything else as it was
          const call = sut.save.inputs.filter((c) => c.id === 'writeAddresses').at(-1);
          const sent = call?.input.info as CompanyInfo;
          expect(sent.deliveryAddresses.at(-1)).toMatchObject({ pk: null, name: 'Back door' });
          expect(
            withAddressChange(
              { ...sent, deliveryAddresses: sent.deliveryAddresses.slice(0, -1) },
              newDelivery,
            ),
          ).toEqual(sent);
        },
        'ready.addresses.reloading': (s) => {
          sameAsModel(s);
          expect(sut.load.inputs.some((c) => c.id === 'reloadForAddresses')).toBe(true);
        },
      },
    });
  });
});

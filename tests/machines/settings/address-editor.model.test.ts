import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, assign, createActor, setup } from 'xstate';
import { addressFormOf, validateAddressForm } from '../../../src/domain/account-forms';
import { addressDraftSlot } from '../../../src/machines/settings/address-editor.draft';
import {
  type AddressChangeRequest,
  addressEditorMachine,
  bindAddressEditor,
} from '../../../src/machines/settings/address-editor.machine';
import {
  selectAddressFieldErrors,
  selectAddressForm,
  selectAddressKind,
  selectAddressProblem,
  selectIsAddressDeleteOpen,
  selectIsAddressFormOpen,
  selectIsAddressWriting,
  selectIsNewAddress,
} from '../../../src/machines/settings/address-editor.selectors';
import { createDraftStore } from '../../../src/services/drafts/draft-store';
import { aBillingAddress, anAddress } from '../../../src/test/builders';
import { MemoryStorage } from '../../../src/test/memoryStorage';
import { assertExecutorsFor, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const warehouse = anAddress({ pk: 12, name: 'Warehouse' });
const headOffice = aBillingAddress({ pk: 21, name: 'Head office' });

const model = modelFor(addressEditorMachine, {
  events: [
    { type: 'addressEditor.createOpened', kind: 'delivery' },
    { type: 'addressEditor.editOpened', kind: 'billing', address: headOffice },
    { type: 'addressEditor.deleteOpened', kind: 'delivery', address: warehouse },
    { type: 'addressEditor.fieldChanged', field: 'city', value: '' },
    { type: 'addressEditor.fieldChanged', field: 'city', value: ' Bursa ' },
    { type: 'addressEditor.refused', problem: 'stale' },
    { type: 'addressEditor.refused', problem: 'unknownAddress' },
    { type: 'addressEditor.refused', problem: 'failed' },
    // what the draft keeper answers on start after a reload with the dialog open
    {
      type: 'addressEditor.draftRestored',
      draft: { kind: 'delivery', pk: warehouse.pk, form: { ...addressFormOf(warehouse), city: ' Bursa ' } },
    },
  ],
  // the guard reads whether the form is valid; whether messages show tells the failed submit apart
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.kind,
      s.context.pk,
      s.context.form.city,
      validateAddressForm(s.context.kind, s.context.form).ok,
      Object.keys(s.context.fieldErrors).length > 0,
      s.context.problem,
    ]),
});
const paths = model.getShortestPaths();
const walked = pathsToWalk('addressEditor', addressEditorMachine, paths);

/** The signed-in user whose drafts the tab keeps. */
const session = {
  getSnapshot: () => ({ context: { claims: { accountName: 'ada', name: 'Shop' } } }),
  subscribe: () => ({ unsubscribe: () => undefined }),
};
const storage = new MemoryStorage();
const drafts = createDraftStore(() => storage);
const stored = () => drafts.read(addressDraftSlot, JSON.stringify(['ada', 'Shop']));

/** Stands in for the company info: invokes the editor and keeps what it is asked (as the real one does, by systemId). */
const companyInfoStub = setup({
  types: { context: {} as { asked: AddressChangeRequest[] }, events: {} as AddressChangeRequest },
  actors: { addressEditor: bindAddressEditor({ ...testPorts({}, undefined, session as never), drafts }) },
}).createMachine({
  context: { asked: [] },
  invoke: { id: 'addressEditor', src: 'addressEditor' },
  on: {
    'companyInfo.addressChangeRequested': {
      actions: assign({ asked: ({ context, event }) => [...context.asked, event] }),
    },
  },
});

function createSut() {
  storage.clear();
  const parent = createActor(companyInfoStub, { systemId: 'companyInfo' }).start();
  const editor = parent.getSnapshot().children.addressEditor!;
  return { parent, editor };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.parent.stop());

const send = (step: { event: { type: string } }) => sut.editor.send(step.event as never);
const executors = {
  'addressEditor.createOpened': send,
  'addressEditor.editOpened': send,
  'addressEditor.deleteOpened': send,
  'addressEditor.fieldChanged': send,
  'addressEditor.submitted': send,
  'addressEditor.confirmed': send,
  'addressEditor.cancelled': send,
  'addressEditor.saved': send,
  'addressEditor.refused': send,
  'addressEditor.draftRestored': send,
};
assertExecutorsFor(walked, executors);

const snapshot = () => sut.editor.getSnapshot();
const asked = () => sut.parent.getSnapshot().context.asked;
const sameAsModel = (expected: AnyMachineSnapshot) => expect(snapshot().value).toEqual(expected.value);

describe('address editor machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        closed: (s) => {
          sameAsModel(s);
          expect(selectIsAddressFormOpen(snapshot())).toBe(false);
          expect(selectIsAddressDeleteOpen(snapshot())).toBe(false);
          // saved, cancelled or never typed: a reload opens no dialog
          expect(stored()).toBeNull();
        },
        'form.filling.editing': (s) => {
          sameAsModel(s);
          expect(selectIsAddressFormOpen(snapshot())).toBe(true);
          expect(selectIsAddressWriting(snapshot())).toBe(false);
          expect(selectAddressKind(snapshot())).toBe(s.context.kind);
          expect(selectIsNewAddress(snapshot())).toBe(s.context.pk === null);
          expect(selectAddressForm(snapshot()).city).toBe(s.context.form.city);
          // what a reload brings back is what is typed (nothing until the first keystroke)
          const typed = { kind: s.context.kind, pk: s.context.pk, form: snapshot().context.form };
          expect(stored() ?? typed).toEqual(typed);
          // a message shows only for a form that breaks a rule, and then the rule's message
          const valid = validateAddressForm(s.context.kind, s.context.form).ok;
          const messages = Object.values(selectAddressFieldErrors(snapshot()));
          expect(messages).toEqual(valid ? [] : messages);
          expect(new Set(messages.map((message) => message.key))).toEqual(
            new Set(messages.length > 0 ? ['validation.required'] : []),
          );
          expect(selectAddressProblem(snapshot())).toBe(s.context.problem);
          expect(selectAddressProblem(snapshot())).not.toBe('failed');
        },
        'form.filling.failed': (s) => {
          sameAsModel(s);
          // the unexpected failure: the dialog stays open with what was typed, and says so
          expect(selectIsAddressFormOpen(snapshot())).toBe(true);
          expect(selectIsAddressWriting(snapshot())).toBe(false);
          expect(selectAddressProblem(snapshot())).toBe('failed');
          expect(selectAddressForm(snapshot()).city).toBe(s.context.form.city);
        },
        'form.submitting': (s) => {
          sameAsModel(s);
          expect(selectIsAddressWriting(snapshot())).toBe(true);
          // the cleaned values go to the company info, which sends the whole PUT
          const request = asked().at(-1);
          expect(request?.change).toMatchObject({ op: 'save', kind: s.context.kind, pk: s.context.pk });
          expect(request?.change.op === 'save' && request.change.form.city).toBe(s.context.form.city.trim());
        },
        confirmingDelete: (s) => {
          sameAsModel(s);
          expect(selectIsAddressDeleteOpen(snapshot())).toBe(true);
          expect(selectAddressForm(snapshot()).name).toBe('Warehouse');
          expect(selectAddressProblem(snapshot())).toBe(s.context.problem);
        },
        deleting: (s) => {
          sameAsModel(s);
          expect(selectIsAddressWriting(snapshot())).toBe(true);
          expect(asked().at(-1)?.change).toEqual({ op: 'delete', kind: 'delivery', pk: warehouse.pk });
        },
      },
    });
  });

  it('asks nobody when it runs without a company info', () => {
    const editor = createActor(addressEditorMachine).start();
    editor.send({ type: 'addressEditor.deleteOpened', kind: 'delivery', address: warehouse });
    editor.send({ type: 'addressEditor.confirmed' });
    expect(editor.getSnapshot().value).toBe('deleting');
    editor.stop();
  });
});

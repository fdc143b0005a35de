import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, type AnyStateNode, createMachine, fromPromise } from 'xstate';
import { accountMachine } from '../../../src/machines/account/account.machine';
import { changePasswordMachine } from '../../../src/machines/account/change-password.machine';
import { deleteAccountMachine } from '../../../src/machines/account/delete-account.machine';
import { passwordResetMachine } from '../../../src/machines/account/password-reset.machine';
import { registrationMachine } from '../../../src/machines/account/registration.machine';
import { type FormEventNames, formSubmissionProblems } from '../../../src/machines/kernel/form-submission';
import { addressEditorMachine } from '../../../src/machines/settings/address-editor.machine';
import { companyInfoMachine } from '../../../src/machines/settings/company-info.machine';
import { newUserMachine } from '../../../src/machines/settings/new-user.machine';

/** Every form written in the form-submission shape, by machine and state path (and its event names). */
const forms: [AnyStateMachine, string, FormEventNames?][] = [
  [passwordResetMachine, 'email'],
  [passwordResetMachine, 'code'],
  [passwordResetMachine, 'password'],
  [newUserMachine, ''],
  [changePasswordMachine, ''],
  [registrationMachine, ''],
  [deleteAccountMachine, 'confirming', { changed: 'typed', submitted: 'confirmed' }],
  [accountMachine, 'details'],
  [companyInfoMachine, 'ready.form.edit', { changed: 'fieldChanged', submitted: 'submitted' }],
  [addressEditorMachine, 'form', { changed: 'fieldChanged', submitted: 'submitted', answer: 'refused' }],
];

/** The state at `path` ('' is the machine itself). */
const nodeAt = (machine: AnyStateMachine, path: string): AnyStateNode =>
  path
    .split('.')
    .filter(Boolean)
    .reduce<AnyStateNode>((node, key) => node.states[key]!, machine.root);

describe('the form-submission shape', () => {
  it.each(forms.map(([machine, path, names]) => [`${machine.id}.${path}`, machine, path, names] as const))(
    '%s follows it',
    (_name, machine, path, names) => {
      expect(formSubmissionProblems(nodeAt(machine, path), names)).toEqual([]);
    },
  );

  it('names where a form departs from it', () => {
    // the old way: typing written out again in the failure, Try again going nowhere, no busy tag
    const copied = createMachine({
      id: 'copied',
      initial: 'filling',
      states: {
        filling: {
          initial: 'editing',
          states: {
            editing: { on: { 'x.changed': {}, 'x.submitted': '#copied.submitting' } },
            failed: { on: { 'x.changed': 'editing', 'x.retried': 'editing' } },
          },
        },
        submitting: { invoke: { id: 'send', src: fromPromise(async () => undefined), onError: 'filling' } },
      },
    });
    expect(formSubmissionProblems(copied.root)).toEqual([
      'copied.filling: typing (…changed) is not handled once on filling',
      'copied.filling.editing: handles typing again (filling does)',
      'copied.filling.failed: handles typing again (filling does)',
      'copied.filling.failed: Try again (…retried, or sending again) does not lead to submitting',
      'copied.submitting: no unexpected failure into failed',
      'copied.submitting: not tagged busy',
    ]);
    // a form whose call another actor makes says which answer carries the failure
    expect(
      formSubmissionProblems(nodeAt(addressEditorMachine, 'form'), {
        changed: 'fieldChanged',
        submitted: 'submitted',
      }),
    ).toEqual(['addressEditor.form.submitting: no unexpected failure into failed']);
    expect(formSubmissionProblems(nodeAt(passwordResetMachine, 'code.needsNewCode'))).toEqual([
      'passwordReset.code.needsNewCode: needs filling.editing, filling.failed and submitting',
    ]);
  });
});

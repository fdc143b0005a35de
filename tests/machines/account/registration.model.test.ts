import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import { type RegistrationForm, validateRegistrationForm } from '../../../src/domain/auth-forms';
import type { RegistrationPayload } from '../../../src/domain/types';
import {
  bindRegistration,
  type RegistrationTextField,
  registrationMachine,
  registrationPayloadOf,
} from '../../../src/machines/account/registration.machine';
import {
  selectIsCorporate,
  selectIsRegistered,
  selectIsRegistering,
  selectRegistrationErrors,
  selectRegistrationFailed,
  selectRegistrationForm,
  selectRegistrationRefusal,
  selectRegistrationStatus,
} from '../../../src/machines/account/registration.selectors';
import type { SessionActorRef } from '../../../src/machines/session/session.machine';
import { ApiError, type PortalApi } from '../../../src/services/api';
import { httpError, networkError } from '../../../src/test/api-errors';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

/** The order a customer fills the form in, and what each field gets. */
const fieldOrder: RegistrationTextField[] = [
  'companyName',
  'taxNumber',
  'fullName',
  'email',
  'phoneNumber',
  'username',
  'password',
  'confirmPassword',
];
const typed: Record<RegistrationTextField, string> = {
  companyName: 'Corner Shop Ltd',
  taxNumber: 'DE123456789',
  fullName: 'Berta Buyer',
  email: ' berta@example.com ',
  phoneNumber: '+49 40 123456',
  username: 'berta',
  password: 'secret1',
  confirmPassword: 'secret1',
};

const refused = (code: string, detail: string) =>
  new ApiError(
    { kind: 'http', call: 'POST netb2b/register/', status: 400, code, detail },
    `POST netb2b/register/: HTTP 400`,
  );
const usernameTaken = refused('username_taken', 'This username is already taken.');
const emailTaken = refused('email_taken', 'An account with this e-mail address already exists.');
const invalid = refused('invalid', 'The phone number is not valid.');

const { password: _p, confirmPassword: _c, ...restoredDraft } = typed;

/** valid fields the cases above can make wrong again (a repeat that differs, back to corporate) */
const canTurnWrong = ['companyName', 'taxNumber', 'confirmPassword'];

const invalidFields = (s: AnyMachineSnapshot): string[] => {
  const result = validateRegistrationForm(s.context.form as RegistrationForm);
  return result.ok ? [] : Object.keys(result.errors);
};

const model = modelFor(registrationMachine, {
  // the next field still wrong gets its value (so a valid form is reached in a few steps); the repeat
  // can always be made to differ, and the type can always be switched
  events: (s) => {
    const next = fieldOrder.find((field) => invalidFields(s).includes(field));
    return [
      next
        ? { type: 'registration.changed', field: next, value: typed[next] }
        : { type: 'registration.changed', field: 'username', value: 'berta.b' },
      { type: 'registration.changed', field: 'confirmPassword', value: 'secret2' },
      { type: 'registration.left', field: next ?? 'username' },
      {
        type: 'registration.typeChosen',
        customerType: s.context.form.type === 'corporate' ? 'individual' : 'corporate',
      },
      // what the draft keeper answers on start after a reload (before anything was sent): the typed
      // fields without the passwords
      ...(s.context.submitTried ? [] : [{ type: 'registration.draftRestored', draft: restoredDraft }]),
      { type: 'xstate.done.actor.register', output: undefined },
      { type: 'xstate.error.actor.register', error: usernameTaken },
      { type: 'xstate.error.actor.register', error: emailTaken },
      { type: 'xstate.error.actor.register', error: invalid },
      { type: 'xstate.error.actor.register', error: networkError },
      { type: 'xstate.error.actor.register', error: httpError(500) },
    ];
  },
  // what the guard reads (the form), and what decides whether a field shows its message: a send
  // tried, or the touched fields that can turn wrong again (so a refused send or a left field is a
  // step of its own)
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.form,
      s.context.submitTried ||
        s.context.touched.filter((field: string) => canTurnWrong.includes(field)).sort(),
    ]),
});
const paths = model.getShortestPaths();
const walked = pathsToWalk('registration', registrationMachine, paths);

function createSut() {
  const register = controllableActor<void, RegistrationPayload>();
  const reportError = vi.fn(async () => undefined);
  // the app's session as the ports hand it out: registration ends it (spec point 4)
  const session = { send: vi.fn() };
  const bound = bindRegistration(
    testPorts({ reportError } as Partial<PortalApi>, undefined, session as unknown as SessionActorRef),
  ).provide({ actors: { register: register.logic } });
  const actor = createActor(bound).start();
  return { actor, register, reportError, session, unexpected: 0, registerStarts: 0, refusedUsername: '' };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => {
  const before = selectRegistrationStatus(sut.actor.getSnapshot());
  sut.actor.send(step.event as never);
  if (before !== 'submitting' && selectIsRegistering(sut.actor.getSnapshot())) sut.registerStarts += 1;
};
const executors = {
  'registration.changed': send,
  'registration.left': send,
  'registration.typeChosen': send,
  'registration.submitted': send,
  'registration.retried': send,
  'registration.draftRestored': send,
  'xstate.done.actor.register': async () => {
    sut.register.next().resolve();
    await settle();
  },
  'xstate.error.actor.register': async (step: { event: { type: string } }) => {
    const error = (step.event as ModelEvent).error;
    const status = (error as ApiError).status;
    if (status !== 400) sut.unexpected += 1;
    const call = sut.register.next();
    sut.refusedUsername = call.input.username;
    call.reject(error);
    await settle();
  },
};
assertExecutorsFor(walked, executors);

const now = () => sut.actor.getSnapshot();
const logout = { type: 'session.logout' };
const isEqual = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const errorsOfRules = (form: RegistrationForm) => {
  const result = validateRegistrationForm(form);
  return result.ok ? {} : result.errors;
};
/** The server's refusals marked on their fields. */
const serverMarks: Record<string, unknown> = {
  username: { key: 'validation.usernameTaken' },
  email: { key: 'validation.emailTaken' },
};
/** The refusal the page shows for each code the server answers with. */
const refusalShown: Record<string, unknown> = {
  none: null,
  username_taken: { reason: 'usernameTaken' },
  email_taken: { reason: 'emailTaken' },
  invalid: { reason: 'server', detail: 'The phone number is not valid.' },
};

/** What every state shows alike: the form as typed, the messages, and what was reported. */
const sameAsModel = (expected: AnyMachineSnapshot) => {
  expect(now().value).toEqual(expected.value);
  expect(selectRegistrationForm(now())).toEqual(expected.context.form);
  // every message shown is the rule's for its field, or the server's mark of a taken username or address
  const rules: Record<string, unknown> = errorsOfRules(selectRegistrationForm(now()));
  const shown = Object.entries(selectRegistrationErrors(now()));
  expect(
    shown.filter(
      ([field, message]) => !isEqual(message, rules[field]) && !isEqual(message, serverMarks[field]),
    ),
  ).toEqual([]);
  expect(selectIsCorporate(now())).toBe(expected.context.form.type === 'corporate');
  // only unexpected failures are reported, refusals never
  expect(sut.reportError).toHaveBeenCalledTimes(sut.unexpected);
  // the session ends when a registration starts (and again when it succeeds)
  expect(sut.session.send).toHaveBeenCalledTimes(sut.registerStarts + (selectIsRegistered(now()) ? 1 : 0));
  for (const call of sut.session.send.mock.calls) expect(call).toEqual([logout]);
};

describe('registration machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        'filling.editing': (s) => {
          sameAsModel(s);
          expect(selectRegistrationStatus(now())).toBe('editing');
          expect(selectIsRegistering(now())).toBe(false);
          // the server's reason, as the page words it
          const code = s.context.refusal?.code ?? 'none';
          expect(selectRegistrationRefusal(now())).toEqual(refusalShown[code]);
          // a taken username is marked on its field too (and stays until the username changes)
          const errors = selectRegistrationErrors(now());
          const stillTaken =
            code === 'username_taken' && selectRegistrationForm(now()).username === sut.refusedUsername;
          expect(stillTaken ? errors.username : { key: 'validation.usernameTaken' }).toEqual({
            key: 'validation.usernameTaken',
          });
          // a private person is never asked for a company name or tax number
          expect(selectIsCorporate(now()) || [errors.companyName, errors.taxNumber]).toEqual(
            selectIsCorporate(now()) || [undefined, undefined],
          );
        },
        submitting: (s) => {
          sameAsModel(s);
          expect(selectRegistrationStatus(now())).toBe('submitting');
          expect(selectIsRegistering(now())).toBe(true);
          expect(selectRegistrationRefusal(now())).toBeNull();
          // the cleaned payload goes out; an individual sends no company or tax number
          const sent = sut.register.calls.at(-1)?.input;
          expect(sent).toEqual(registrationPayloadOf(s.context.form as RegistrationForm));
          expect(sent?.email).toBe('berta@example.com');
          expect(sent?.customerType === 'individual' ? [sent.companyName, sent.taxNumber] : ['', '']).toEqual(
            ['', ''],
          );
          expect(sut.session.send).toHaveBeenLastCalledWith(logout);
        },
        registered: (s) => {
          sameAsModel(s);
          expect(selectIsRegistered(now())).toBe(true);
          expect(selectIsRegistering(now())).toBe(false);
          expect(sut.session.send).toHaveBeenLastCalledWith(logout);
        },
        'filling.failed': (s) => {
          sameAsModel(s);
          expect(selectRegistrationStatus(now())).toBe('failed');
          expect(selectRegistrationFailed(now())).toBe(true);
          expect(selectRegistrationRefusal(now())).toBeNull();
          expect(sut.reportError).toHaveBeenLastCalledWith(
            expect.objectContaining({ source: 'registration' }),
          );
        },
      },
    });
  });
});

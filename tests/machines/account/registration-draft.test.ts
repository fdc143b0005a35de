import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { RegistrationPayload } from '../../../src/domain/types';
import { bindRegistration } from '../../../src/machines/account/registration.machine';
import {
  selectIsRegistered,
  selectRegistrationForm,
} from '../../../src/machines/account/registration.selectors';
import { createDraftStore } from '../../../src/services/drafts/draft-store';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { MemoryStorage } from '../../../src/test/memoryStorage';
import { testPorts } from '../../../src/test/ports';

/** A tab: the same sessionStorage for every registration started in it (a reload starts a new one). */
function tab() {
  const storage = new MemoryStorage();
  const register = controllableActor<void, RegistrationPayload>();
  const ports = { ...testPorts(), drafts: createDraftStore(() => storage) };
  const open = () =>
    createActor(bindRegistration(ports).provide({ actors: { register: register.logic } })).start();
  return { storage, register, open };
}

describe('registration draft', () => {
  it('brings back what was typed after a reload, but never the passwords', () => {
    const { open, storage } = tab();
    const first = open();
    first.send({ type: 'registration.typeChosen', customerType: 'individual' });
    first.send({ type: 'registration.changed', field: 'fullName', value: 'Berta Buyer' });
    first.send({ type: 'registration.changed', field: 'email', value: 'berta@example.com' });
    first.send({ type: 'registration.changed', field: 'password', value: 'secret1' });
    first.stop();

    const form = selectRegistrationForm(open().getSnapshot());
    expect(form).toMatchObject({ type: 'individual', fullName: 'Berta Buyer', email: 'berta@example.com' });
    expect(form.password).toBe('');
    expect(
      JSON.stringify([...Array(storage.length).keys()].map((i) => storage.getItem(storage.key(i) ?? ''))),
    ).not.toContain('secret1');
  });

  it('forgets the draft once the account is created', async () => {
    const { open, register } = tab();
    const first = open();
    const values = {
      companyName: 'Corner Shop Ltd',
      taxNumber: 'DE123456789',
      fullName: 'Berta Buyer',
      email: 'berta@example.com',
      phoneNumber: '+49 40 123456',
      username: 'berta',
      password: 'secret1',
      confirmPassword: 'secret1',
    } as const;
    for (const [field, value] of Object.entries(values)) {
      first.send({ type: 'registration.changed', field: field as keyof typeof values, value });
    }
    first.send({ type: 'registration.submitted' });
    register.next().resolve();
    await settle();
    expect(selectIsRegistered(first.getSnapshot())).toBe(true);
    first.stop();

    expect(selectRegistrationForm(open().getSnapshot()).fullName).toBe('');
  });
});

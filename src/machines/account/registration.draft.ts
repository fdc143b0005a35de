import * as z from 'zod/mini';
import { type CustomerType, customerTypes, type RegistrationForm } from '../../domain/auth-forms';
import type { DraftSlot } from '../../services/drafts/draft-store';

/** What a reload keeps of the registration form: everything typed but the passwords, which are never stored. */
export type RegistrationDraft = Omit<RegistrationForm, 'password' | 'confirmPassword'> & {
  type: CustomerType;
};

export const registrationDraftOf = ({
  password: _password,
  confirmPassword: _confirmPassword,
  ...draft
}: RegistrationForm): RegistrationDraft => draft;

export const registrationDraftSlot: DraftSlot<RegistrationDraft> = {
  key: 'portal.draft.registration',
  version: 1,
  schema: z.object({
    type: z.enum(customerTypes),
    companyName: z.string(),
    taxNumber: z.string(),
    fullName: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    username: z.string(),
  }),
};

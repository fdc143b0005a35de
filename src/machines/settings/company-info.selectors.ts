import type { SnapshotFrom } from 'xstate';
import type { CompanyForm } from '../../domain/account-forms';
import type { FieldErrors } from '../../domain/form-validation';
import type { BillingAddress, CompanyInfo, DeliveryAddress } from '../../domain/types';
import type { CompanyProblem, companyInfoMachine } from './company-info.machine';

export type CompanyInfoSnapshot = SnapshotFrom<typeof companyInfoMachine>;

const noAddresses: never[] = [];

/** The copy on screen; null until the first load answers. */
export const selectCompanyInfo = (s: CompanyInfoSnapshot): CompanyInfo | null => s.context.info;
/**
 * A private person's account: no VAT ID, no users to manage, no company wording. Until the info is
 * loaded (and from a server that does not say) the account counts as a company, as it always did.
 */
export const selectIsIndividual = (s: CompanyInfoSnapshot): boolean =>
  s.context.info?.customerType === 'individual';
/** Not loaded yet (a section asks for it when it shows). */
export const selectIsCompanyInfoLoading = (s: CompanyInfoSnapshot): boolean =>
  s.matches('idle') || s.matches('loading');
export const selectCompanyInfoLoadFailed = (s: CompanyInfoSnapshot): boolean => s.matches('failed');

/** The edit form is open (also while it saves, and while the copy reloads after a conflict). */
export const selectIsEditingCompany = (s: CompanyInfoSnapshot): boolean =>
  s.matches({ ready: { form: 'edit' } });
export const selectIsCompanySaving = (s: CompanyInfoSnapshot): boolean =>
  s.matches({ ready: { form: { edit: 'submitting' } } }) ||
  s.matches({ ready: { form: { edit: 'reloading' } } });
export const selectCompanySaved = (s: CompanyInfoSnapshot): boolean =>
  s.matches({ ready: { form: 'saved' } });
export const selectCompanyDraft = (s: CompanyInfoSnapshot): CompanyForm | null => s.context.draft;
export const selectCompanyFieldErrors = (s: CompanyInfoSnapshot): FieldErrors => s.context.fieldErrors;
/** Why the last save did not go through (stale copy reloaded, not allowed, refused, failed). */
export const selectCompanyProblem = (s: CompanyInfoSnapshot): CompanyProblem | null => {
  if (s.matches({ ready: { form: { edit: { filling: 'failed' } } } })) return 'failed';
  return s.matches({ ready: { form: { edit: 'filling' } } }) ? s.context.problem : null;
};

export const selectDeliveryAddresses = (s: CompanyInfoSnapshot): DeliveryAddress[] =>
  s.context.info?.deliveryAddresses ?? noAddresses;
export const selectBillingAddresses = (s: CompanyInfoSnapshot): BillingAddress[] =>
  s.context.info?.billingAddresses ?? noAddresses;
/** The address dialog's actor; there once the company info is loaded. */
export const selectAddressEditorRef = (s: CompanyInfoSnapshot) => s.children.addressEditor;

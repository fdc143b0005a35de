import * as z from 'zod/mini';
import type { AccountForm, UserCreateForm, UserEditForm } from '../../domain/account-forms';
import type { CompanyInfo, CustomerUser } from '../../domain/types';
import type { HttpClient } from './client';
import { notShownAnswer } from './not-shown-answer';
import {
  type AccountUpdateWire,
  type ConfirmEmailWire,
  type CustomerUserCreateWire,
  type CustomerUserUpdateWire,
  companyInfoWire,
  customerUserWire,
  fromCompanyInfo,
  toCompanyInfo,
  toCustomerUser,
} from './wire';

type CallOptions = { signal?: AbortSignal | undefined };

/** The settings area's calls: company info with its addresses, the company's users, the own account. */
export interface SettingsApi {
  /** GET /petekcore/company-info/: the whole company info with its version */
  companyInfo(options?: CallOptions): Promise<CompanyInfo>;
  /**
   * PUT /petekcore/company-info/: the whole company info, made on `info.version`; the reference server
   * answers the saved info with its new version (409 `stale_company_info` when someone saved in
   * between, 403 for a user who is not the main user). The answer is "not shown" in spec point 7:
   * any other 2xx body resolves to the info as sent, its version (if any) kept, or, when it added an
   * address, to the info read again (the new address's pk exists only on the server, and sending it
   * again without one would add it twice). Without a version the last write wins.
   */
  saveCompanyInfo(info: CompanyInfo, options?: CallOptions): Promise<CompanyInfo>;
  /** GET /petekcore/customer-accounts/ (main user only, else 403) */
  users(options?: CallOptions): Promise<CustomerUser[]>;
  /** GET /petekcore/customer-accounts/{id}/ (404 for another company's id) */
  user(id: number, options?: CallOptions): Promise<CustomerUser>;
  /** POST /petekcore/customer-accounts/ (409 `username_taken`) */
  createUser(form: UserCreateForm, options?: CallOptions): Promise<CustomerUser>;
  /**
   * PUT /petekcore/customer-accounts/{id}/. A new address may come back in `pendingEmail` (the old
   * one still in `email`) until its code is confirmed; 400 `email_taken` when another account has it.
   */
  updateUser(id: number, form: UserEditForm, options?: CallOptions): Promise<CustomerUser>;
  /**
   * POST /petekcore/customer-accounts/{id}/confirm-email/: the code the user received at their new
   * address, entered by the main user (400 `invalid_code`, `code_expired`, `too_many_tries`, …)
   */
  confirmUserEmail(id: number, code: string, options?: CallOptions): Promise<CustomerUser>;
  /**
   * DELETE /petekcore/customer-accounts/{id}/confirm-email/: keep the user's current address, drop the
   * waiting one (answers the user also when nothing waited; saving the user again never drops it)
   */
  cancelUserEmailChange(id: number, options?: CallOptions): Promise<CustomerUser>;
  /** POST /petekcore/customer-accounts/{id}/deactivate/ or /reactivate/ (403 `own_account` for oneself) */
  setUserActive(id: number, active: boolean, options?: CallOptions): Promise<CustomerUser>;
  /** DELETE /petekcore/customer-accounts/{id}/ (403 `own_account` for oneself) */
  deleteUser(id: number, options?: CallOptions): Promise<void>;
  /** GET /account-info/: the signed-in user */
  account(options?: CallOptions): Promise<CustomerUser>;
  /**
   * PUT /account-info/: the signed-in user's name, e-mail and phones. A new address may come back in
   * `pendingEmail` (the old one still in `email`) until its code is confirmed; 400 `email_taken`
   * when another account has it.
   */
  saveAccount(form: AccountForm, options?: CallOptions): Promise<CustomerUser>;
  /** POST /account-info/confirm-email/: the code mailed to the new address (400 `invalid_code`, `code_expired`, …) */
  confirmEmail(code: string, options?: CallOptions): Promise<CustomerUser>;
  /**
   * DELETE /account-info/confirm-email/: keep the current address, drop the waiting one (saving the
   * account again with the current address leaves it waiting)
   */
  cancelEmailChange(options?: CallOptions): Promise<CustomerUser>;
}

const toPerson = (form: AccountForm): AccountUpdateWire => ({
  first_name: form.firstName,
  last_name: form.lastName,
  email: form.email,
  landline_phone: form.landlinePhone,
  mobile_phone: form.mobilePhone,
});

const toUserUpdate = (form: UserEditForm): CustomerUserUpdateWire => ({
  ...toPerson(form),
  language: form.language,
});

const toUserCreate = (form: UserCreateForm): CustomerUserCreateWire => ({
  ...toUserUpdate(form),
  username: form.username,
  ...(form.access === 'password' ? { password: form.password } : { send_invitation: true }),
});

const usersPath = 'petekcore/customer-accounts/';

/** An address the server has not keyed yet: the info is not as the server holds it. */
const hasNewAddress = (info: CompanyInfo) =>
  [...info.deliveryAddresses, ...info.billingAddresses].some((address) => address.pk === null);

export function settingsApi(http: HttpClient): SettingsApi {
  const userCall = (
    method: 'get' | 'put' | 'post' | 'delete',
    path: string,
    options: CallOptions,
    json?: unknown,
  ) => http.call({ method, path, json, signal: options.signal }, customerUserWire, toCustomerUser);
  const readCompanyInfo = (options: CallOptions = {}) =>
    http.call(
      { method: 'get', path: 'petekcore/company-info/', signal: options.signal },
      companyInfoWire,
      toCompanyInfo,
    );
  return {
    companyInfo: readCompanyInfo,
    saveCompanyInfo: (info, options = {}) =>
      notShownAnswer(
        http,
        {
          method: 'put',
          path: 'petekcore/company-info/',
          json: fromCompanyInfo(info),
          signal: options.signal,
        },
        companyInfoWire,
        toCompanyInfo,
        () => info,
      ).then((saved) => (hasNewAddress(saved) ? readCompanyInfo(options) : saved)),
    users: (options = {}) =>
      http.call(
        { method: 'get', path: usersPath, signal: options.signal },
        z.array(customerUserWire),
        (list) => list.map(toCustomerUser),
      ),
    user: (id, options = {}) => userCall('get', `${usersPath}${id}/`, options),
    createUser: (form, options = {}) => userCall('post', usersPath, options, toUserCreate(form)),
    updateUser: (id, form, options = {}) =>
      userCall('put', `${usersPath}${id}/`, options, toUserUpdate(form)),
    confirmUserEmail: (id, code, options = {}) =>
      userCall('post', `${usersPath}${id}/confirm-email/`, options, { code } satisfies ConfirmEmailWire),
    cancelUserEmailChange: (id, options = {}) =>
      userCall('delete', `${usersPath}${id}/confirm-email/`, options),
    setUserActive: (id, active, options = {}) =>
      userCall('post', `${usersPath}${id}/${active ? 'reactivate' : 'deactivate'}/`, options),
    deleteUser: (id, options = {}) =>
      http.send({ method: 'delete', path: `${usersPath}${id}/`, signal: options.signal }),
    account: (options = {}) => userCall('get', 'account-info/', options),
    saveAccount: (form, options = {}) => userCall('put', 'account-info/', options, toPerson(form)),
    confirmEmail: (code, options = {}) =>
      userCall('post', 'account-info/confirm-email/', options, { code } satisfies ConfirmEmailWire),
    cancelEmailChange: (options = {}) => userCall('delete', 'account-info/confirm-email/', options),
  };
}

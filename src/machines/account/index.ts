export { type AccountField, accountMachine, bindAccount } from './account.machine';
export {
  type EmailConfirmationStep,
  selectAccount,
  selectAccountDraft,
  selectAccountErrors,
  selectAccountRefused,
  selectAccountStatus,
  selectConfirmationCode,
  selectConfirmationCodeMessage,
  selectEmailConfirmation,
  selectIsAccountSaving,
  selectPendingEmail,
} from './account.selectors';
export { bindChangePassword, changePasswordMachine } from './change-password.machine';
export {
  selectChangePasswordErrors,
  selectChangePasswordFailed,
  selectChangePasswordForm,
  selectIsChangingPassword,
  selectIsPasswordChanged,
} from './change-password.selectors';
export { bindDeleteAccount, type DeleteAccountProblem, deleteAccountMachine } from './delete-account.machine';
export {
  selectCanConfirmAccountDeletion,
  selectDeleteAccountMismatch,
  selectDeleteAccountProblem,
  selectDeleteAccountTyped,
  selectDeleteAccountUsername,
  selectIsAccountDeleted,
  selectIsDeleteAccountDialogOpen,
  selectIsDeletingAccount,
} from './delete-account.selectors';
export { bindPasswordReset, type PasswordResetStep, passwordResetMachine } from './password-reset.machine';
export {
  type PasswordResetScreen,
  selectCanResendCode,
  selectCodeFormShown,
  selectCodeMessage,
  selectCodeSent,
  selectIsResendingCode,
  selectIsResetBusy,
  selectNewCodeReason,
  selectPasswordResetScreen,
  selectResetCode,
  selectResetEmail,
  selectResetErrors,
  selectResetFailed,
  selectResetPassword,
  selectResetRepeatPassword,
  selectResetThrottle,
} from './password-reset.selectors';
export { bindRegistration, type RegistrationTextField, registrationMachine } from './registration.machine';
export {
  type RegistrationRefusalReason,
  selectIsCorporate,
  selectIsRegistered,
  selectIsRegistering,
  selectRegistrationErrors,
  selectRegistrationFailed,
  selectRegistrationForm,
  selectRegistrationRefusal,
} from './registration.selectors';

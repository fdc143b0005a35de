export { type AddressField, addressEditorMachine } from './address-editor.machine';
export {
  selectAddressFieldErrors,
  selectAddressForm,
  selectAddressKind,
  selectAddressName,
  selectAddressProblem,
  selectIsAddressDeleteOpen,
  selectIsAddressFormOpen,
  selectIsAddressWriting,
  selectIsNewAddress,
} from './address-editor.selectors';
export { bindCompanyInfo, type CompanyTextField, companyInfoMachine } from './company-info.machine';
export {
  selectAddressEditorRef,
  selectBillingAddresses,
  selectCompanyDraft,
  selectCompanyFieldErrors,
  selectCompanyInfo,
  selectCompanyInfoLoadFailed,
  selectCompanyProblem,
  selectCompanySaved,
  selectDeliveryAddresses,
  selectIsCompanyInfoLoading,
  selectIsCompanySaving,
  selectIsEditingCompany,
  selectIsIndividual,
} from './company-info.selectors';
export { bindLanguageChange, languageChangeMachine } from './language-change.machine';
export {
  selectFailedLanguage,
  selectLanguageBeingChosen,
  selectLanguageChangeFailure,
} from './language-change.selectors';
export { bindNewUser, newUserMachine } from './new-user.machine';
export {
  selectIsCreatingUser,
  selectIsNewUserNotOffered,
  selectNewUserDraft,
  selectNewUserFailed,
  selectNewUserFieldErrors,
  selectNewUserRefusal,
} from './new-user.selectors';
export {
  bindUserEditor,
  type UserDraft,
  type UserDraftField,
  type UserFieldErrors,
  type UserRefusal,
  userEditorMachine,
} from './user-editor.machine';
export {
  selectEditedUser,
  selectIsDeleteDialogOpen,
  selectIsDeletingUser,
  selectIsSwitchingActive,
  selectIsUserSaving,
  selectUserCode,
  selectUserCodeMessage,
  selectUserControls,
  selectUserDraft,
  selectUserEditorStatus,
  selectUserEmailConfirmation,
  selectUserFailure,
  selectUserFieldErrors,
  selectUserLoadError,
  selectUserNote,
  selectUserPendingEmail,
  selectUserRefusal,
  type UserEmailConfirmationStep,
} from './user-editor.selectors';
export { bindUsers, usersMachine } from './users.machine';
export {
  selectUserRows,
  selectUsersFailure,
  selectUsersStatus,
  type UserRow,
  userDisplayName,
} from './users.selectors';

import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectIsMainUser } from '../../../../machines/session';
import {
  selectAddressEditorRef,
  selectBillingAddresses,
  selectCompanyInfoLoadFailed,
  selectDeliveryAddresses,
  selectIsCompanyInfoLoading,
  selectIsIndividual,
} from '../../../../machines/settings';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useSessionRef } from '../../../hooks/use-app-actor';
import { useCompanyInfo } from '../company/use-company-info';
import { AddressDialog } from './address-dialog';
import { AddressList } from './address-list';
import { DeleteAddressDialog } from './delete-address-dialog';

/** Delivery and billing addresses side by side (stacked on a phone); the main user changes them. */
export function AddressesSection() {
  const { t } = useTranslation();
  const companyInfo = useCompanyInfo();
  const isMainUser = useSelector(useSessionRef(), selectIsMainUser);
  const loading = useSelector(companyInfo, selectIsCompanyInfoLoading);
  const failed = useSelector(companyInfo, selectCompanyInfoLoadFailed);
  const delivery = useSelector(companyInfo, selectDeliveryAddresses);
  const billing = useSelector(companyInfo, selectBillingAddresses);
  const editor = useSelector(companyInfo, selectAddressEditorRef);
  const isIndividual = useSelector(companyInfo, selectIsIndividual);
  if (loading) return <LoadingState label={t('settings.addresses.loading')} />;
  if (failed) return <ErrorState onRetry={() => companyInfo.send({ type: 'companyInfo.retried' })} />;
  if (!editor) return null;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-6 desktop:grid-cols-2">
        <AddressList kind="delivery" addresses={delivery} editor={editor} canEdit={isMainUser} />
        <AddressList kind="billing" addresses={billing} editor={editor} canEdit={isMainUser} />
      </div>
      {isMainUser ? (
        <>
          <AddressDialog editor={editor} />
          <DeleteAddressDialog editor={editor} isIndividual={isIndividual} />
        </>
      ) : null}
    </div>
  );
}

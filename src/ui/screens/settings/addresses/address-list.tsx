import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AddressKind } from '../../../../domain/account-forms';
import type { BillingAddress, DeliveryAddress } from '../../../../domain/types';
import { EmptyState } from '../../../components/empty-state';
import { Section } from '../../../components/section';
import { AddressCard } from './address-card';
import type { AddressEditorRef } from './address-editor-ref';

interface AddressListProps {
  kind: AddressKind;
  addresses: (DeliveryAddress | BillingAddress)[];
  editor: AddressEditorRef;
  canEdit: boolean;
}

export function AddressList({ kind, addresses, editor, canEdit }: AddressListProps) {
  const { t } = useTranslation();
  const add = canEdit ? (
    <button
      type="button"
      onClick={() => editor.send({ type: 'addressEditor.createOpened', kind })}
      className="tap-target inline-flex items-center gap-2 rounded-md border border-line px-3 font-medium hover:bg-surface-sunken"
    >
      <Plus aria-hidden="true" className="size-4" />
      {kind === 'delivery' ? t('settings.addresses.addDelivery') : t('settings.addresses.addBilling')}
    </button>
  ) : undefined;
  return (
    <Section
      title={kind === 'delivery' ? t('settings.addresses.delivery') : t('settings.addresses.billing')}
      action={add}
    >
      {addresses.length === 0 ? (
        <EmptyState>{t('settings.addresses.empty')}</EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {addresses.map((address) => (
            <li key={address.pk ?? 'new'}>
              <AddressCard kind={kind} address={address} editor={editor} canEdit={canEdit} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

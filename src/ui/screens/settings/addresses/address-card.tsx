import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AddressKind } from '../../../../domain/account-forms';
import type { BillingAddress, DeliveryAddress } from '../../../../domain/types';
import { bidiIsolate } from '../../../app/layout/bidi-isolate';
import type { AddressEditorRef } from './address-editor-ref';

interface AddressCardProps {
  kind: AddressKind;
  address: DeliveryAddress | BillingAddress;
  editor: AddressEditorRef;
  canEdit: boolean;
}

const buttonClass =
  'tap-target inline-flex items-center gap-2 rounded-md border border-line px-3 font-medium hover:bg-surface-sunken';

export function AddressCard({ kind, address, editor, canEdit }: AddressCardProps) {
  const { t, i18n } = useTranslation();
  const isolate = bidiIsolate(i18n.dir());
  const instructions = 'instructions' in address ? address.instructions : '';
  return (
    <article
      aria-label={address.name}
      className="flex flex-col gap-3 rounded-lg border border-line bg-surface-raised p-4"
    >
      <address className="flex flex-col not-italic *:[text-align:match-parent]">
        <span dir="auto" className="font-semibold">
          {address.name}
        </span>
        <span dir="auto">{address.line1}</span>
        {address.line2 ? <span dir="auto">{address.line2}</span> : null}
        {address.suburb ? <span dir="auto">{address.suburb}</span> : null}
        <span dir="auto">{[address.postalCode, address.city].filter(Boolean).join(' ')}</span>
        {address.state ? <span dir="auto">{address.state}</span> : null}
        <span dir="auto">{address.country}</span>
      </address>
      {instructions ? (
        <p className="text-sm text-fg-muted">
          {t('settings.addresses.instructions', { text: isolate(instructions) })}
        </p>
      ) : null}
      {canEdit ? (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            aria-label={t('settings.addresses.editAddress', { name: address.name })}
            onClick={() => editor.send({ type: 'addressEditor.editOpened', kind, address })}
            className={buttonClass}
          >
            <Pencil aria-hidden="true" className="size-4" />
            {t('settings.addresses.edit')}
          </button>
          <button
            type="button"
            aria-label={t('settings.addresses.deleteAddress', { name: address.name })}
            onClick={() => editor.send({ type: 'addressEditor.deleteOpened', kind, address })}
            className={buttonClass}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {t('settings.addresses.delete')}
          </button>
        </div>
      ) : null}
    </article>
  );
}

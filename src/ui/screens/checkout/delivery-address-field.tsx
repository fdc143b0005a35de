import { useSelector } from '@xstate/react';
import { MapPin } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CheckoutAddress,
  selectCanEditForm,
  selectChosenAddressId,
  selectDeliveryAddresses,
} from '../../../machines/checkout';
import type { CheckoutRef } from '../../hooks/cart-hooks';

/** One line a buyer recognises an address by: its name, street and town. */
const addressLine = (address: CheckoutAddress) =>
  [address.line1, [address.postalCode, address.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/**
 * Where the order goes: with several delivery addresses a radio group (arrow keys move the choice;
 * the route of the one chosen decides the delivery days), with one just that address, with none (or
 * when they could not be read) nothing: the server takes the company's own.
 */
export function DeliveryAddressField({ checkout }: { checkout: CheckoutRef }) {
  const { t } = useTranslation();
  const name = useId();
  const addresses = useSelector(checkout, selectDeliveryAddresses);
  const chosen = useSelector(checkout, selectChosenAddressId);
  const canEdit = useSelector(checkout, selectCanEditForm);
  const [only] = addresses;
  if (only === undefined) return null;
  if (addresses.length === 1)
    return (
      <div>
        <p className="mb-1 font-medium">{t('checkout.deliveryAddress.label')}</p>
        <p className="flex items-start gap-2">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
          <span>
            <bdi>{only.name}</bdi> <span className="text-fg-muted">({addressLine(only)})</span>
          </span>
        </p>
      </div>
    );
  return (
    <fieldset disabled={!canEdit} className="flex min-w-0 flex-col gap-1">
      <legend className="mb-1 font-medium">{t('checkout.deliveryAddress.label')}</legend>
      {addresses.map((address) => (
        <label
          key={address.pk}
          className="tap-target flex min-w-0 cursor-pointer items-start gap-2 rounded-md border border-line bg-surface px-3 py-2 has-checked:border-brand has-checked:bg-surface-raised has-checked:ring-2 has-checked:ring-brand/40 has-focus-visible:outline-2 has-focus-visible:outline-brand"
        >
          <input
            type="radio"
            name={name}
            value={address.pk}
            checked={chosen === address.pk}
            onChange={() => checkout.send({ type: 'checkout.addressChanged', addressId: address.pk })}
            className="mt-1 size-4 shrink-0 accent-brand"
          />
          <span className="min-w-0">
            <bdi className="font-medium">{address.name}</bdi>
            <span className="block text-sm text-fg-muted">
              <bdi>{addressLine(address)}</bdi>
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

import type { OrderDeliveryAddress } from '../../../domain/types';

/** Where the order goes, as it was when placed: the name and the address lines, empty parts left out. */
export function OrderDeliveryAddressText({ address }: { address: OrderDeliveryAddress }) {
  const cityLine = [address.postalCode, address.city].filter(Boolean).join(' ');
  const lines = [
    address.name,
    address.line1,
    address.line2,
    address.suburb,
    cityLine,
    address.state,
    address.country,
  ]
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return (
    <address dir="auto" className="whitespace-pre-line not-italic">
      {lines.join('\n')}
    </address>
  );
}

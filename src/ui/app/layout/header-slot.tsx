/**
 * A reserved place in the header that a later issue fills (search, language, notifications, cart).
 * Empty on purpose: a button that does nothing would mislead the user.
 */
export function HeaderSlot({
  name,
  className = '',
}: {
  name: 'search' | 'language' | 'notifications' | 'cart';
  className?: string;
}) {
  return <div data-slot={name} className={className} />;
}

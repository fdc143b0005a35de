import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { Star } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../domain/types';
import { selectIsOnAnyList } from '../../../machines/favourites';
import { selectIsDemo } from '../../../machines/session';
import { useUnits } from '../../hooks/cart-hooks';
import { useSessionRef } from '../../hooks/use-app-actor';
import { useFavouriteLists } from '../../hooks/use-favourite-lists';
import { defaultPreferredLine, type PreferredLine } from './add-to-list-line';
import { AddToListPanel } from './add-to-list-panel';

interface AddToListMenuProps {
  product: Pick<Product, 'id' | 'name' | 'unitAmounts'>;
  /** the quantity and unit to keep (the product dialog's or an order line's); else 1 of the primary unit */
  line?: PreferredLine | null;
  /** a bigger button with its words beside the star (the product dialog) */
  labelled?: boolean;
}

/**
 * The star that puts a product on the user's own lists: filled when the product is on any
 * list. Its panel (and the machine behind it) exists only while open, its popover only once pressed.
 * Hidden for demo users.
 */
export function AddToListMenu(props: AddToListMenuProps) {
  const lists = useFavouriteLists();
  const isDemo = useSelector(useSessionRef(), selectIsDemo);
  if (!lists || isDemo) return null;
  return <AddToListPopover {...props} lists={lists} />;
}

const starClass = (labelled: boolean) =>
  `tap-target inline-flex items-center justify-center gap-2 rounded-md text-brand hover:bg-surface-sunken ${
    labelled ? 'border border-line px-3 font-medium' : 'px-2'
  }`;

/**
 * The star as plain markup until first pressed: a product list mounts dozens of rows while it
 * scrolls, and a Headless UI Popover per row is most of a row's cost. The first press
 * mounts the real popover and opens it; from then on it is the popover's own button.
 */
function AddToListPopover(
  props: AddToListMenuProps & { lists: NonNullable<ReturnType<typeof useFavouriteLists>> },
) {
  const { product, labelled = false, lists } = props;
  const { t } = useTranslation();
  const [armed, setArmed] = useState(false);
  const onList = useSelector(lists, (s) => selectIsOnAnyList(s, product.id));
  const label = onList ? t('favourites.addToList.onList') : t('favourites.addToList.button');
  if (armed) return <ArmedPopover {...props} label={label} onList={onList} />;
  return (
    <span className="relative shrink-0">
      <button
        type="button"
        aria-label={labelled ? undefined : label}
        title={labelled ? undefined : label}
        aria-expanded={false}
        data-on-list={onList || undefined}
        onClick={() => setArmed(true)}
        className={starClass(labelled)}
      >
        <Star aria-hidden="true" className={`size-5 ${onList ? 'fill-current' : ''}`} />
        {labelled && <span>{label}</span>}
      </button>
    </span>
  );
}

function ArmedPopover({
  product,
  line,
  labelled = false,
  lists,
  label,
  onList,
}: AddToListMenuProps & {
  lists: NonNullable<ReturnType<typeof useFavouriteLists>>;
  label: string;
  onList: boolean;
}) {
  const units = useUnits();
  const preferred = line ?? defaultPreferredLine(product, units);
  const button = useRef<HTMLButtonElement>(null);
  // mounted by the first press: open at once (the press was meant for this button)
  // (once: StrictMode runs effects twice, and a second click would close it again)
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    button.current?.click();
  }, []);
  return (
    <Popover className="relative shrink-0">
      <PopoverButton
        ref={button}
        aria-label={labelled ? undefined : label}
        title={labelled ? undefined : label}
        data-on-list={onList || undefined}
        className={starClass(labelled)}
      >
        <Star aria-hidden="true" className={`size-5 ${onList ? 'fill-current' : ''}`} />
        {labelled && <span>{label}</span>}
      </PopoverButton>
      <PopoverPanel
        // keyboard users land in the panel; leaving it closes it
        focus
        anchor={{ to: 'bottom end', gap: 4, padding: 8 }}
        className="z-[70] w-72 max-w-[calc(100vw-1rem)] rounded-md border border-line bg-surface-raised p-2 shadow-lg focus:outline-none"
      >
        {({ close }) => (
          <AddToListPanel product={product} line={preferred} lists={lists} onClose={() => close()} />
        )}
      </PopoverPanel>
    </Popover>
  );
}

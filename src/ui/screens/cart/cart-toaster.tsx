import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { selectTheme } from '../../../machines/app';
import { usePreferencesRef } from '../../hooks/use-app-actor';
import { useIsCartOpen } from '../../hooks/use-open-cart';

/** Spec point 9: toasts close after 5 seconds. */
export const TOAST_DURATION_MS = 5000;

/** Below the header (h-14) while the drawer is closed. */
const BELOW_HEADER = 64;
/** On phones the header has a second row, the search box (about 108 px in all). */
const BELOW_PHONE_HEADER = 116;
/** Within the drawer's title bar (h-14) while it is open: a toast there hides no cart line. */
const IN_DRAWER_TITLE_BAR = 4;
/**
 * The open drawer (max-w-md, 28rem) and a gap: the toasts sit beside it, on its start side. Where the
 * window is too narrow for that, as far as the toast width (356 px) lets them, and the title-bar height
 * keeps them off the lines.
 */
const BESIDE_DRAWER = 'min(calc(28rem + 24px), calc(100vw - 356px - 8px))';

/**
 * The one toast area of the portal. Spec point 9 puts it top right; in Arabic the page mirrors,
 * so it goes top left, the same end side of the line where the cart drawer opens. While the drawer is
 * open the toasts move up into its title bar and, where there is room, beside it (a toast
 * covered the first cart line).
 */
export function CartToaster() {
  const { i18n } = useTranslation();
  const dark = useSelector(usePreferencesRef(), selectTheme) === 'dark';
  const cartOpen = useIsCartOpen();
  const rtl = i18n.dir(i18n.resolvedLanguage) === 'rtl';
  // sonner's sides are physical: the drawer's end side is the right in LTR and the left in RTL
  const besideDrawer = rtl ? { left: BESIDE_DRAWER } : { right: BESIDE_DRAWER };
  return (
    <Toaster
      position={rtl ? 'top-left' : 'top-right'}
      dir={rtl ? 'rtl' : 'ltr'}
      duration={TOAST_DURATION_MS}
      theme={dark ? 'dark' : 'light'}
      richColors
      closeButton
      offset={cartOpen ? { top: IN_DRAWER_TITLE_BAR, ...besideDrawer } : { top: BELOW_HEADER }}
      mobileOffset={{ top: cartOpen ? IN_DRAWER_TITLE_BAR : BELOW_PHONE_HEADER }}
    />
  );
}

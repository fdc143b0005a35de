import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { selectTheme } from '../../../machines/preferences.selectors';
import { usePreferencesRef } from '../../hooks/use-app-actor';

/** Spec point 9: toasts close after 5 seconds. */
export const TOAST_DURATION_MS = 5000;

/**
 * The one toast area of the portal. Spec point 9 puts it top right; in Arabic the page mirrors,
 * so it goes top left, the same end side of the line where the cart drawer opens.
 */
export function CartToaster() {
  const { i18n } = useTranslation();
  const dark = useSelector(usePreferencesRef(), selectTheme) === 'dark';
  const rtl = i18n.dir(i18n.resolvedLanguage) === 'rtl';
  return (
    <Toaster
      position={rtl ? 'top-left' : 'top-right'}
      dir={rtl ? 'rtl' : 'ltr'}
      duration={TOAST_DURATION_MS}
      theme={dark ? 'dark' : 'light'}
      richColors
      closeButton
      offset={{ top: 64 }}
      mobileOffset={{ top: 64 }}
    />
  );
}

import { useEffect, useRef } from 'react';

/**
 * A ref for a button that takes the keyboard focus whenever `takeFocus` turns true, e.g. the control
 * that replaced the one the user just pressed, so focus is not lost to the page's start.
 */
export function useFocusWhen(takeFocus: boolean) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (takeFocus) button.current?.focus();
  }, [takeFocus]);
  return button;
}

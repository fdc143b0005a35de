import { useSelector } from '@xstate/react';
import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { selectTheme } from '../../../machines/app';
import { usePreferencesRef } from '../../hooks/use-app-actor';
import { headerButtonClass } from './header-button-class';

/** A toggle button: its name stays "Dark theme" and aria-pressed says whether it is on. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const preferences = usePreferencesRef();
  const dark = useSelector(preferences, selectTheme) === 'dark';
  return (
    <button
      type="button"
      aria-pressed={dark}
      aria-label={t('header.darkTheme')}
      onClick={() => preferences.send({ type: 'preferences.themeToggled' })}
      className={headerButtonClass}
    >
      {dark ? <Sun aria-hidden="true" className="size-5" /> : <Moon aria-hidden="true" className="size-5" />}
    </button>
  );
}

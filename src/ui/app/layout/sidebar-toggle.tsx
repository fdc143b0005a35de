import { useSelector } from '@xstate/react';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { selectSidebar } from '../../../machines/app';
import { usePreferencesRef } from '../../hooks/use-app-actor';
import { headerButtonClass } from './header-button-class';
import { sidebarId } from './sidebar';

export function SidebarToggle() {
  const { t } = useTranslation();
  const preferences = usePreferencesRef();
  const expanded = useSelector(preferences, selectSidebar) === 'expanded';
  const Icon = expanded ? PanelLeftClose : PanelLeftOpen;
  return (
    <button
      type="button"
      aria-controls={sidebarId}
      aria-expanded={expanded}
      aria-label={expanded ? t('header.collapseSidebar') : t('header.expandSidebar')}
      onClick={() => preferences.send({ type: 'preferences.sidebarToggled' })}
      className={`${headerButtonClass} max-desktop:hidden`}
    >
      <Icon aria-hidden="true" className="size-5 rtl:-scale-x-100" />
    </button>
  );
}

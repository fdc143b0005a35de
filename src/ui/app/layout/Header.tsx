import { useSelector } from '@xstate/react';
import { Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { selectIsDemo } from '../../../machines/session.selectors';
import { useSessionRef } from '../AppActorContext';
import { HeaderLogo } from './HeaderLogo';
import { HeaderSlot } from './HeaderSlot';
import { headerButtonClass } from './headerButtonClass';
import { SidebarToggle } from './SidebarToggle';
import { ThemeToggle } from './ThemeToggle';

export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t } = useTranslation();
  const isDemo = useSelector(useSessionRef(), selectIsDemo);
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center gap-1 border-b border-line bg-surface-raised px-2 desktop:gap-2 desktop:px-3">
      <button
        type="button"
        onClick={onOpenMenu}
        aria-label={t('menu.open')}
        className={`${headerButtonClass} desktop:hidden`}
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      <HeaderLogo />
      <SidebarToggle />
      {isDemo && (
        <span className="ms-1 hidden rounded bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand sm:inline">
          {t('app.demoMode')}
        </span>
      )}
      <HeaderSlot name="search" className="hidden min-w-0 flex-1 desktop:flex" />
      <div className="ms-auto flex items-center gap-1">
        <ThemeToggle />
        {!isDemo && <HeaderSlot name="language" />}
        <HeaderSlot name="notifications" />
        {!isDemo && <HeaderSlot name="cart" />}
      </div>
    </header>
  );
}

import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { selectIsDemo } from '../../../machines/session';
import { useSessionRef } from '../../hooks/use-app-actor';
import { DrawerLanguageSelect } from './drawer-language-select';
import { headerButtonClass } from './header-button-class';
import { SideMenu } from './side-menu';

/** Below 766 px the menu and the language picker live in a drawer from the start edge (the search box stays in the header). */
export function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const isDemo = useSelector(useSessionRef(), selectIsDemo);
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50 desktop:hidden">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <DialogPanel className="fixed inset-y-0 start-0 flex w-72 max-w-[85vw] flex-col bg-surface-raised shadow-xl">
        <div className="flex h-14 items-center justify-between border-b border-line ps-4 pe-2">
          <DialogTitle className="font-semibold">{t('menu.label')}</DialogTitle>
          <button type="button" onClick={onClose} aria-label={t('menu.close')} className={headerButtonClass}>
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <SideMenu collapsed={false} onNavigate={onClose} />
        </div>
        {/* spec point 6: no language picker in demo mode */}
        {isDemo ? null : (
          <div className="border-t border-line pb-3">
            <DrawerLanguageSelect />
          </div>
        )}
      </DialogPanel>
    </Dialog>
  );
}

import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectIsDemo } from '../../../machines/session';
import { Drawer } from '../../components/drawer';
import { useSessionRef } from '../../hooks/use-app-actor';
import { DrawerLanguageSelect } from './drawer-language-select';
import { SideMenu } from './side-menu';

/** Below 766 px the menu and the language picker live in a drawer from the start edge (the search box stays in the header). */
export function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const isDemo = useSelector(useSessionRef(), selectIsDemo);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('menu.label')}
      closeLabel={t('menu.close')}
      className="desktop:hidden"
      panelClassName="start-0 w-72 max-w-[85vw]"
    >
      <div className="min-h-0 flex-1 overflow-y-auto">
        <SideMenu collapsed={false} onNavigate={onClose} />
      </div>
      {/* spec point 6: no language picker in demo mode */}
      {isDemo ? null : (
        <div className="border-t border-line pb-3">
          <DrawerLanguageSelect />
        </div>
      )}
    </Drawer>
  );
}

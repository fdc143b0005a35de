import { useSelector } from '@xstate/react';
import { selectSidebar } from '../../../machines/app';
import { usePreferencesRef } from '../../hooks/use-app-actor';
import { SideMenu } from './side-menu';

export const sidebarId = 'sidebar';

/**
 * Desktop only (the drawer takes over below 766 px). Collapsed, it keeps a narrow rail in the
 * layout and widens over the content on hover or keyboard focus, without moving the page.
 */
export function Sidebar() {
  const collapsed = useSelector(usePreferencesRef(), selectSidebar) === 'collapsed';
  return (
    <aside
      id={sidebarId}
      className={`sticky top-14 hidden h-[calc(100dvh-3.5rem)] shrink-0 desktop:block ${collapsed ? 'w-16' : 'w-60'}`}
    >
      <div
        className={
          collapsed
            ? 'group/sidebar absolute inset-y-0 start-0 z-30 w-16 overflow-hidden border-e border-line bg-surface-raised transition-[width] duration-150 hover:w-60 hover:shadow-lg focus-within:w-60 focus-within:shadow-lg motion-reduce:transition-none'
            : 'absolute inset-0 border-e border-line bg-surface-raised'
        }
      >
        <SideMenu collapsed={collapsed} />
      </div>
    </aside>
  );
}

import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { selectIsDemo } from '../../../machines/session';
import { useSessionRef } from '../../hooks/use-app-actor';
import { useCanReviewFlows } from '../../hooks/use-can-review-flows';
import { useCapability } from '../../hooks/use-capability';
import { LogoutMenuItem } from './logout-menu-item';
import { collapsedLabelClass, menuItemClass } from './menu-item-class';
import { isActivePath, type MenuCapability, menuItems } from './menu-items';

interface SideMenuProps {
  collapsed: boolean;
  /** the drawer closes itself when a link is followed */
  onNavigate?: () => void;
}

export function SideMenu({ collapsed, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const isDemo = useSelector(useSessionRef(), selectIsDemo);
  const canReviewFlows = useCanReviewFlows();
  // entries beyond the specification show only while the backend may have them
  const offered: Record<MenuCapability, boolean> = {
    favourites: useCapability('favourites'),
    documents: useCapability('documents'),
    standingOrders: useCapability('standingOrders'),
  };
  const labelClass = collapsed ? collapsedLabelClass : 'truncate';
  return (
    <nav aria-label={t('menu.label')} className="flex h-full flex-col gap-1 p-2">
      <ul className="flex flex-col gap-1">
        {menuItems
          .filter(
            (item) =>
              !(isDemo && item.hiddenForDemo) &&
              (canReviewFlows || !item.forFlowReviewers) &&
              (item.capability === undefined || offered[item.capability]),
          )
          .map((item) => (
            <li key={item.href}>
              <Link
                href={item.href}
                onClick={onNavigate}
                aria-current={isActivePath(location, item.href) ? 'page' : undefined}
                className={menuItemClass}
              >
                <item.icon aria-hidden="true" className="size-5 shrink-0" />
                <span dir="auto" className={labelClass}>
                  {item.label(t)}
                </span>
              </Link>
            </li>
          ))}
      </ul>
      <div className="mt-auto border-t border-line pt-2">
        <LogoutMenuItem labelClass={labelClass} />
      </div>
    </nav>
  );
}

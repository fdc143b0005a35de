import type { TFunction } from 'i18next';
import {
  FileText,
  FolderOpen,
  House,
  type LucideIcon,
  Megaphone,
  Package,
  Repeat,
  Settings,
  Star,
  Workflow,
} from 'lucide-react';
import { paths } from '../routes';

export interface MenuItem {
  href: string;
  label: (t: TFunction) => string;
  icon: LucideIcon;
  /** spec point 6: a demo user sees neither the order list nor the settings (nor lists and documents) */
  hiddenForDemo: boolean;
  /** shown only to users who review the flows (and to everyone under `npm run dev`) */
  forFlowReviewers?: boolean;
  /** shown only while the backend may have this (a capability beyond the specification's calls) */
  capability?: MenuCapability;
}

/** The capabilities a menu entry depends on (the studio's is in `forFlowReviewers`). */
export type MenuCapability = 'favourites' | 'documents' | 'standingOrders';

export const menuItems: readonly MenuItem[] = [
  { href: paths.home, label: (t) => t('menu.home'), icon: House, hiddenForDemo: false },
  { href: paths.orders, label: (t) => t('menu.orders'), icon: FolderOpen, hiddenForDemo: true },
  { href: paths.products, label: (t) => t('menu.products'), icon: Package, hiddenForDemo: false },
  { href: paths.campaigns, label: (t) => t('menu.campaigns'), icon: Megaphone, hiddenForDemo: false },
  // lists fill the cart and documents hold prices, so a demo account sees neither
  {
    href: paths.favourites,
    label: (t) => t('menu.favourites'),
    icon: Star,
    hiddenForDemo: true,
    capability: 'favourites',
  },
  {
    href: paths.standingOrders,
    label: (t) => t('menu.standingOrders'),
    icon: Repeat,
    hiddenForDemo: true,
    capability: 'standingOrders',
  },
  {
    href: paths.documents,
    label: (t) => t('menu.documents'),
    icon: FileText,
    hiddenForDemo: true,
    capability: 'documents',
  },
  { href: paths.settings, label: (t) => t('menu.settings'), icon: Settings, hiddenForDemo: true },
  {
    href: paths.statecharts,
    label: (t) => t('menu.statecharts'),
    icon: Workflow,
    hiddenForDemo: false,
    forFlowReviewers: true,
  },
];

export function isActivePath(location: string, href: string): boolean {
  if (href === paths.home) return location === href;
  const section = href.replace(/\/$/, '');
  return location === section || location.startsWith(`${section}/`);
}

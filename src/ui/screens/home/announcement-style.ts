import { Info, type LucideIcon, Megaphone, TriangleAlert } from 'lucide-react';

/** The announcement types the portal styles; any other type the server sends is shown as info. */
export type AnnouncementKind = 'info' | 'news' | 'warning';

export interface AnnouncementStyle {
  kind: AnnouncementKind;
  icon: LucideIcon;
  /** the box: border and background */
  box: string;
  /** the icon's and the type word's colour */
  accent: string;
}

const styles: Record<AnnouncementKind, AnnouncementStyle> = {
  info: { kind: 'info', icon: Info, box: 'border-line bg-surface-raised', accent: 'text-brand' },
  news: { kind: 'news', icon: Megaphone, box: 'border-brand/40 bg-brand-soft', accent: 'text-brand' },
  // e.g. a changed delivery day: amber, with the alert icon, so it is not missed
  warning: {
    kind: 'warning',
    icon: TriangleAlert,
    box: 'border-amber-400 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/40',
    accent: 'text-amber-800 dark:text-amber-200',
  },
};

export function announcementStyle(type: string): AnnouncementStyle {
  return type === 'news' || type === 'warning' ? styles[type] : styles.info;
}

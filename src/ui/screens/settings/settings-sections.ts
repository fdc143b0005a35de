import {
  Building2,
  FileSpreadsheet,
  Languages,
  type LucideIcon,
  MapPin,
  UserRound,
  Users,
} from 'lucide-react';
import { paths } from '../../app/routes';

/** One section of the settings area (spec point 2, Settings sections), each its own sub-route. */
export interface SettingsSection {
  id: 'company' | 'addresses' | 'users' | 'account' | 'language' | 'quickOrder';
  href: string;
  icon: LucideIcon;
  /** user management is the main user's alone (spec point 6) */
  mainUserOnly: boolean;
}

export const settingsSections: readonly SettingsSection[] = [
  { id: 'company', href: paths.settingsCompany, icon: Building2, mainUserOnly: false },
  { id: 'addresses', href: paths.settingsAddresses, icon: MapPin, mainUserOnly: false },
  { id: 'users', href: paths.settingsUsers, icon: Users, mainUserOnly: true },
  { id: 'account', href: paths.settingsAccount, icon: UserRound, mainUserOnly: false },
  { id: 'language', href: paths.settingsLanguage, icon: Languages, mainUserOnly: false },
  { id: 'quickOrder', href: paths.settingsQuickOrder, icon: FileSpreadsheet, mainUserOnly: false },
];

export const sectionsFor = (isMainUser: boolean): SettingsSection[] =>
  settingsSections.filter((section) => isMainUser || !section.mainUserOnly);

/** The section a location is in (`/settings/users/7/` is in users); none on `/settings/` itself. */
export const sectionAt = (
  location: string,
  sections: readonly SettingsSection[],
): SettingsSection | undefined =>
  sections.find((section) => location === section.href || location.startsWith(section.href));

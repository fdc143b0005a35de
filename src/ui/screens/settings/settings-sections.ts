import {
  ArrowRightLeft,
  Building2,
  FileSpreadsheet,
  IdCard,
  Languages,
  type LucideIcon,
  MapPin,
  UserRound,
  Users,
} from 'lucide-react';
import { paths } from '../../app/routes';

/** One section of the settings area (spec point 2, Settings sections), each its own sub-route. */
export interface SettingsSection {
  id: 'company' | 'addresses' | 'users' | 'account' | 'language' | 'quickOrder' | 'substitutes';
  /** its title and description under settings.sections */
  texts: SettingsSection['id'] | 'person';
  href: string;
  icon: LucideIcon;
  /** user management is the main user's alone (spec point 6) */
  mainUserOnly: boolean;
  /** a private person's account is one person: there are no other users to manage */
  companyOnly: boolean;
}

const section = (
  id: SettingsSection['id'],
  href: string,
  icon: LucideIcon,
  rights: Partial<Pick<SettingsSection, 'mainUserOnly' | 'companyOnly'>> = {},
): SettingsSection => ({ id, texts: id, href, icon, mainUserOnly: false, companyOnly: false, ...rights });

export const settingsSections: readonly SettingsSection[] = [
  section('company', paths.settingsCompany, Building2),
  section('addresses', paths.settingsAddresses, MapPin),
  section('users', paths.settingsUsers, Users, { mainUserOnly: true, companyOnly: true }),
  section('account', paths.settingsAccount, UserRound),
  section('language', paths.settingsLanguage, Languages),
  section('quickOrder', paths.settingsQuickOrder, FileSpreadsheet),
  section('substitutes', paths.settingsSubstitutes, ArrowRightLeft),
];

/** The sections this user sees; a private person's company information is their personal details. */
export const sectionsFor = (isMainUser: boolean, isIndividual = false): SettingsSection[] =>
  settingsSections
    .filter((s) => (isMainUser || !s.mainUserOnly) && !(isIndividual && s.companyOnly))
    .map((s) => (isIndividual && s.id === 'company' ? { ...s, texts: 'person', icon: IdCard } : s));

/** The section a location is in (`/settings/users/7/` is in users); none on `/settings/` itself. */
export const sectionAt = (
  location: string,
  sections: readonly SettingsSection[],
): SettingsSection | undefined =>
  sections.find((section) => location === section.href || location.startsWith(section.href));

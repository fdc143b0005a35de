import type { Insertable } from 'kysely';
import type { CompaniesTable, UsersTable } from '../db/schema';
import { hashPassword } from '../security/passwords';

export const companyIds = { lindenhof: 1, bosporus: 2, demo: 3, private: 4 } as const;

export const companyRows: Insertable<CompaniesTable>[] = [
  {
    id: companyIds.lindenhof,
    name: 'Lindenhof Gastro GmbH',
    customer_type: 'corporate',
    vat_number: 'DE287654321',
    landline_number: '+49 40 1234560',
    mobile_number: '+49 170 1234567',
    email: 'einkauf@lindenhof-gastro.example',
    tax_applies: 1,
    currency_symbol: '€',
  },
  {
    id: companyIds.bosporus,
    name: 'Bosporus Imbiss KG',
    customer_type: 'corporate',
    vat_number: 'DE301122334',
    landline_number: '+49 221 987650',
    mobile_number: '+49 171 9876543',
    email: 'info@bosporus-imbiss.example',
    tax_applies: 1,
    currency_symbol: '€',
  },
  {
    id: companyIds.demo,
    name: 'Demo Catering',
    customer_type: 'corporate',
    vat_number: 'DE000000000',
    landline_number: '+49 40 0000000',
    mobile_number: '+49 170 0000000',
    email: 'demo@portal.example',
    tax_applies: 1,
    currency_symbol: '€',
  },
  {
    id: companyIds.private,
    name: 'Anna Schmidt',
    customer_type: 'individual',
    vat_number: '',
    landline_number: '',
    mobile_number: '+49 160 5550123',
    email: 'anna.schmidt@example.org',
    tax_applies: 0,
    currency_symbol: '€',
  },
];

interface DemoAccount {
  id: number;
  companyId: number;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  language: string;
  isActive: boolean;
  isAdmin: boolean;
  isDemo: boolean;
  /** what the README and the start-up message say about the account */
  role: string;
}

export const demoAccounts: readonly DemoAccount[] = [
  {
    id: 1,
    companyId: companyIds.lindenhof,
    username: 'buyer',
    password: 'buyer123',
    firstName: 'Maria',
    lastName: 'Keller',
    language: 'en',
    isActive: true,
    isAdmin: true,
    isDemo: false,
    role: 'main user of Lindenhof Gastro GmbH (corporate, tax applies, English)',
  },
  {
    id: 2,
    companyId: companyIds.lindenhof,
    username: 'colleague',
    password: 'colleague123',
    firstName: 'Jonas',
    lastName: 'Weber',
    language: 'en',
    isActive: true,
    isAdmin: false,
    isDemo: false,
    role: 'second user of Lindenhof Gastro GmbH',
  },
  {
    id: 3,
    companyId: companyIds.bosporus,
    username: 'other',
    password: 'other123',
    firstName: 'Mehmet',
    lastName: 'Yılmaz',
    language: 'tr',
    isActive: true,
    isAdmin: true,
    isDemo: false,
    role: 'main user of another company, Bosporus Imbiss KG',
  },
  {
    id: 4,
    companyId: companyIds.demo,
    username: 'demo',
    password: 'demo123',
    firstName: 'Demo',
    lastName: 'Visitor',
    language: 'en',
    isActive: true,
    isAdmin: false,
    isDemo: true,
    role: 'demo mode (no prices, cart, orders, settings or language picker)',
  },
  {
    id: 5,
    companyId: companyIds.lindenhof,
    username: 'inactive',
    password: 'inactive123',
    firstName: 'Ingo',
    lastName: 'Ruhestand',
    language: 'en',
    isActive: false,
    isAdmin: false,
    isDemo: false,
    role: 'deactivated account (sees "contact the administrator")',
  },
  {
    id: 6,
    companyId: companyIds.private,
    username: 'private',
    password: 'private123',
    firstName: 'Anna',
    lastName: 'Schmidt',
    language: 'de',
    isActive: true,
    isAdmin: true,
    isDemo: false,
    role: 'individual customer, no tax, German',
  },
];

export const userIds = Object.fromEntries(demoAccounts.map((a) => [a.username, a.id])) as Record<
  string,
  number
>;

export async function buildUserRows(now: Date): Promise<Insertable<UsersTable>[]> {
  return Promise.all(
    demoAccounts.map(async (account) => ({
      id: account.id,
      company_id: account.companyId,
      username: account.username,
      password_hash: await hashPassword(account.password),
      first_name: account.firstName,
      last_name: account.lastName,
      email: `${account.username}@portal.example`,
      language: account.language,
      landline_phone: '',
      mobile_phone: '',
      is_active: account.isActive ? 1 : 0,
      is_admin: account.isAdmin ? 1 : 0,
      is_demo: account.isDemo ? 1 : 0,
      created_at: now.toISOString(),
    })),
  );
}

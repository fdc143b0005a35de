import type { Insertable } from 'kysely';
import type {
  CompaniesTable,
  CompanyAddressesTable,
  CompanyEmailAddressesTable,
  CustomerGroupsTable,
  UsersTable,
} from '../db/schema';
import { demoPasswordHash } from './demo-password-hashes';

export const companyIds = { lindenhof: 1, bosporus: 2, demo: 3, private: 4, review: 5 } as const;

/** Customer groups a contract price can name; every seeded company is in one. */
export const customerGroupIds = { gastronomy: 1, retail: 2 } as const;

export const customerGroupRows: Insertable<CustomerGroupsTable>[] = [
  { id: customerGroupIds.gastronomy, external_id: 'GASTRO', name: 'Gastronomy', retired_at: null },
  { id: customerGroupIds.retail, external_id: 'RETAIL', name: 'Retail', retired_at: null },
];

export const companyRows: Insertable<CompaniesTable>[] = [
  {
    id: companyIds.lindenhof,
    // the supplier's key, as a customers import names it
    external_id: 'CUST-1001',
    customer_group_id: customerGroupIds.gastronomy,
    name: 'Lindenhof Gastro GmbH',
    customer_type: 'corporate',
    vat_number: 'DE287654321',
    landline_number: '+49 40 1234560',
    mobile_number: '+49 170 1234567',
    email: 'einkauf@lindenhof-gastro.example',
    tax_applies: 1,
    currency_symbol: '€',
    buyer_reference: '',
  },
  {
    id: companyIds.bosporus,
    external_id: 'CUST-1002',
    customer_group_id: customerGroupIds.gastronomy,
    name: 'Bosporus Imbiss KG',
    customer_type: 'corporate',
    vat_number: 'DE301122334',
    landline_number: '+49 221 987650',
    mobile_number: '+49 171 9876543',
    email: 'info@bosporus-imbiss.example',
    tax_applies: 1,
    currency_symbol: '€',
    // invoiced as a public customer would be (a Leitweg-ID with a valid check digit), so the demo
    // shows an XRechnung beside the Factur-X PDF
    buyer_reference: '05315000-0001-96',
  },
  {
    id: companyIds.demo,
    external_id: 'CUST-1003',
    customer_group_id: customerGroupIds.gastronomy,
    name: 'Demo Catering',
    customer_type: 'corporate',
    vat_number: 'DE000000000',
    landline_number: '+49 40 0000000',
    mobile_number: '+49 170 0000000',
    email: 'demo@portal.example',
    tax_applies: 1,
    currency_symbol: '€',
    buyer_reference: '',
  },
  {
    id: companyIds.private,
    external_id: 'CUST-1004',
    customer_group_id: customerGroupIds.retail,
    name: 'Anna Schmidt',
    customer_type: 'individual',
    vat_number: '',
    landline_number: '',
    mobile_number: '+49 160 5550123',
    email: 'anna.schmidt@example.org',
    tax_applies: 0,
    currency_symbol: '€',
    buyer_reference: '',
  },
  {
    id: companyIds.review,
    external_id: 'CUST-1005',
    customer_group_id: customerGroupIds.retail,
    name: 'Portal Review',
    customer_type: 'corporate',
    vat_number: 'DE111111111',
    landline_number: '+49 40 1111110',
    mobile_number: '',
    email: 'review@portal.example',
    tax_applies: 1,
    currency_symbol: '€',
    buyer_reference: '',
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
  email: string;
  landlinePhone: string;
  mobilePhone: string;
  isActive: boolean;
  isAdmin: boolean;
  isDemo: boolean;
  /** may open the statechart studio */
  canReviewFlows?: boolean;
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
    email: 'maria.keller@lindenhof-gastro.example',
    landlinePhone: '+49 40 1234561',
    mobilePhone: '+49 170 2345678',
    isActive: true,
    isAdmin: true,
    isDemo: false,
    canReviewFlows: true,
    role: 'main user of Lindenhof Gastro GmbH (corporate, tax applies, English); opens the statechart studio',
  },
  {
    id: 2,
    companyId: companyIds.lindenhof,
    username: 'colleague',
    password: 'colleague123',
    firstName: 'Jonas',
    lastName: 'Weber',
    language: 'en',
    email: 'jonas.weber@lindenhof-gastro.example',
    landlinePhone: '+49 40 1234562',
    mobilePhone: '+49 151 23456789',
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
    email: 'mehmet.yilmaz@bosporus-imbiss.example',
    landlinePhone: '+49 221 987651',
    mobilePhone: '+49 171 9876544',
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
    email: 'demo@portal.example',
    landlinePhone: '',
    mobilePhone: '',
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
    email: 'ingo.ruhestand@lindenhof-gastro.example',
    landlinePhone: '+49 40 1234563',
    mobilePhone: '',
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
    email: 'anna.schmidt@example.org',
    landlinePhone: '',
    mobilePhone: '+49 160 5550123',
    isActive: true,
    isAdmin: true,
    isDemo: false,
    role: 'individual customer, no tax, German',
  },
  {
    id: 7,
    companyId: companyIds.review,
    username: 'owner',
    password: 'owner123',
    firstName: 'Petra',
    lastName: 'Olsen',
    language: 'en',
    email: 'petra.olsen@portal.example',
    landlinePhone: '',
    mobilePhone: '',
    isActive: true,
    isAdmin: true,
    isDemo: false,
    canReviewFlows: true,
    role: 'product owner who reviews the flows in the statechart studio (/statecharts/)',
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
      password_hash: await demoPasswordHash(account.password),
      first_name: account.firstName,
      last_name: account.lastName,
      email: account.email,
      language: account.language,
      landline_phone: account.landlinePhone,
      mobile_phone: account.mobilePhone,
      is_active: account.isActive ? 1 : 0,
      is_admin: account.isAdmin ? 1 : 0,
      is_demo: account.isDemo ? 1 : 0,
      can_review_flows: account.canReviewFlows ? 1 : 0,
      created_at: now.toISOString(),
    })),
  );
}

/** The companies' e-mail lists (companies.email is the first of each). */
export const companyEmailRows: Insertable<CompanyEmailAddressesTable>[] = [
  { company_id: companyIds.lindenhof, position: 0, email: 'einkauf@lindenhof-gastro.example' },
  { company_id: companyIds.lindenhof, position: 1, email: 'buchhaltung@lindenhof-gastro.example' },
  { company_id: companyIds.bosporus, position: 0, email: 'info@bosporus-imbiss.example' },
  { company_id: companyIds.demo, position: 0, email: 'demo@portal.example' },
  { company_id: companyIds.private, position: 0, email: 'anna.schmidt@example.org' },
];

const germany = { country: 'Germany' };

/** The Bosporus Imbiss bills and takes deliveries at its one shop. */
const bosporusPremises = {
  line1: 'Venloer Straße 210',
  line2: '',
  suburb: 'Ehrenfeld',
  city: 'Köln',
  state: 'Nordrhein-Westfalen',
  ...germany,
  postal_code: '50823',
};

/**
 * Delivery and billing addresses. Inserted in this order without ids, so both engines number them
 * 1, 2, 3 … (Lindenhof's two delivery addresses are pk 1 and 2, its billing address pk 3).
 */
export const companyAddressRows: Insertable<CompanyAddressesTable>[] = [
  {
    company_id: companyIds.lindenhof,
    kind: 'delivery',
    position: 0,
    name: 'Restaurant Lindenhof',
    line1: 'Lindenallee 12',
    line2: 'Hinterhaus',
    suburb: 'Eimsbüttel',
    city: 'Hamburg',
    state: 'Hamburg',
    ...germany,
    postal_code: '20259',
    instructions: 'Goods entrance in the courtyard, ring twice.',
  },
  {
    company_id: companyIds.lindenhof,
    kind: 'delivery',
    position: 1,
    name: 'Lindenhof Kantine Altona',
    line1: 'Große Bergstraße 150',
    line2: '',
    suburb: 'Altona-Altstadt',
    city: 'Hamburg',
    state: 'Hamburg',
    ...germany,
    postal_code: '22767',
    instructions: 'Deliveries Monday to Friday 6:00–10:00 only; ask for the kitchen manager.',
  },
  {
    company_id: companyIds.lindenhof,
    kind: 'billing',
    position: 0,
    name: 'Lindenhof Gastro GmbH, Buchhaltung',
    line1: 'Lindenallee 12',
    line2: '',
    suburb: 'Eimsbüttel',
    city: 'Hamburg',
    state: 'Hamburg',
    ...germany,
    postal_code: '20259',
    instructions: '',
  },
  {
    company_id: companyIds.bosporus,
    kind: 'billing',
    position: 0,
    name: 'Bosporus Imbiss KG',
    ...bosporusPremises,
    instructions: '',
  },
  {
    company_id: companyIds.bosporus,
    kind: 'delivery',
    position: 0,
    name: 'Bosporus Imbiss Ehrenfeld',
    ...bosporusPremises,
    instructions: 'Side door on Leyendeckerstraße.',
  },
  {
    company_id: companyIds.demo,
    kind: 'billing',
    position: 0,
    name: 'Demo Catering',
    line1: 'Musterweg 1',
    line2: '',
    suburb: '',
    city: 'Hamburg',
    state: 'Hamburg',
    ...germany,
    postal_code: '20095',
    instructions: '',
  },
  {
    company_id: companyIds.private,
    kind: 'billing',
    position: 0,
    name: 'Anna Schmidt',
    line1: 'Gartenweg 7',
    line2: '',
    suburb: 'Schwabing',
    city: 'München',
    state: 'Bayern',
    ...germany,
    postal_code: '80802',
    instructions: '',
  },
];

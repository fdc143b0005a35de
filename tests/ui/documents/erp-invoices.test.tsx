import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortalDocument } from '../../../src/domain/types';
import de from '../../../src/locales/de.json';
import { aDocument } from '../../../src/test/builders';
import { catalogueApi, renderPortal } from '../catalogue/support';

// The documents screen is a lazy chunk: loading it once here keeps that cost out of each test.
await import('../../../src/ui/screens/documents/documents-screen');

const slow = { timeout: 60_000 };

/** an invoice of the supplier's ERP as GET /documents/ lists it: with its amount, open balance and due day */
const erpInvoice = (overrides: Partial<PortalDocument>) =>
  aDocument({
    type: 'invoice',
    createdAt: '2026-11-20T12:00:00.000Z',
    size: 48_213,
    contentType: 'application/pdf',
    grossTotal: '119.00',
    ...overrides,
  });

const overdue = erpInvoice({
  id: 'finance-7',
  name: 'Invoice RE-2026-0001',
  file: 'netb2b/finance-documents/7/file/',
  fileName: 'invoice-RE-2026-0001.pdf',
  openBalance: '12.40',
  // long past: overdue whatever day the test runs
  dueOn: '2020-01-31',
});
const open = erpInvoice({
  id: 'finance-8',
  name: 'Invoice RE-2026-0002',
  file: 'netb2b/finance-documents/8/file/',
  fileName: 'invoice-RE-2026-0002.pdf',
  grossTotal: '2380.50',
  openBalance: '2380.50',
  dueOn: '2999-12-31',
});
const paid = erpInvoice({
  id: 'finance-9',
  name: 'Invoice RE-2026-0003',
  file: 'netb2b/finance-documents/9/file/',
  fileName: 'invoice-RE-2026-0003.pdf',
  openBalance: '0.00',
  dueOn: '2020-01-31',
});
const creditNote = erpInvoice({
  id: 'finance-10',
  name: 'Credit note GS-2026-0001',
  file: 'netb2b/finance-documents/10/file/',
  fileName: 'credit-note-GS-2026-0001.pdf',
  grossTotal: '11.90',
});
/** the documents as they were before the ERP sent any: a published file and the portal's own invoice */
const priceList = aDocument({ id: 'doc-3', type: 'price_list', name: 'Price list 2027' });
const portalInvoice = aDocument({
  id: 'invoice-501',
  type: 'invoice',
  name: 'Invoice 2026-000501',
  createdAt: '2026-09-30T12:00:00.000Z',
  size: null,
  file: 'netb2b/invoices/501/file/',
  fileName: 'invoice-2026-000501.pdf',
});

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:document-1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18next.changeLanguage('en');
});

function renderDocuments(documents: PortalDocument[]) {
  const documentFile = vi.fn(async () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
  renderPortal({
    path: '/documents/',
    api: catalogueApi({ documents: async () => documents, documentFile }),
  });
  return { documentFile };
}

const rowOf = async (name: string) => {
  const table = await screen.findByRole('table', {}, slow);
  const row = (await within(table).findByText(name, {}, slow)).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('an ERP invoice in the documents', () => {
  it('shows its amount and what is open, due and overdue, or that it is paid', async () => {
    renderDocuments([overdue, open, paid, creditNote, priceList, portalInvoice]);

    const overdueRow = await rowOf('Invoice RE-2026-0001');
    expect(await within(overdueRow).findByText('Amount: €119.00', {}, slow)).toBeInTheDocument();
    expect(within(overdueRow).getByText('Open: €12.40')).toBeInTheDocument();
    expect(within(overdueRow).getByText('Due 31.01.2020')).toBeInTheDocument();
    expect(within(overdueRow).getByText('Overdue')).toBeInTheDocument();
    expect(within(overdueRow).queryByText('Paid')).not.toBeInTheDocument();
    expect(overdueRow).toHaveTextContent('47 KB');

    const openRow = await rowOf('Invoice RE-2026-0002');
    expect(within(openRow).getByText('Amount: €2,380.50')).toBeInTheDocument();
    expect(within(openRow).getByText('Open: €2,380.50')).toBeInTheDocument();
    expect(within(openRow).getByText('Due 31.12.2999')).toBeInTheDocument();
    expect(within(openRow).queryByText('Overdue')).not.toBeInTheDocument();

    // paid: neither an open amount nor a due day nor overdue, though the day has passed
    const paidRow = await rowOf('Invoice RE-2026-0003');
    expect(within(paidRow).getByText('Paid')).toBeInTheDocument();
    expect(paidRow).not.toHaveTextContent(/Open:|Due |Overdue/);

    // a credit note owes nothing: its amount only
    const creditRow = await rowOf('Credit note GS-2026-0001');
    expect(within(creditRow).getByText('Amount: €11.90')).toBeInTheDocument();
    expect(creditRow).not.toHaveTextContent(/Open:|Paid|Due |Overdue/);
  });

  it('speaks the interface language, money written as the language writes it', async () => {
    i18next.addResourceBundle('de', 'translation', de);
    await i18next.changeLanguage('de');
    renderDocuments([overdue, paid]);
    const overdueRow = await rowOf('Invoice RE-2026-0001');
    expect(await within(overdueRow).findByText('Betrag: €119,00', {}, slow)).toBeInTheDocument();
    expect(within(overdueRow).getByText('Offen: €12,40')).toBeInTheDocument();
    expect(within(overdueRow).getByText('Fällig am 31.01.2020')).toBeInTheDocument();
    expect(within(overdueRow).getByText('Überfällig')).toBeInTheDocument();
    expect(within(await rowOf('Invoice RE-2026-0003')).getByText('Bezahlt')).toBeInTheDocument();
  });

  it('opens its PDF like every other document', async () => {
    const user = userEvent.setup();
    const tab = { location: { href: '' }, closed: false, opener: {}, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const { documentFile } = renderDocuments([overdue]);
    const row = await rowOf('Invoice RE-2026-0001');
    await user.click(within(row).getByRole('button', { name: 'Open Invoice RE-2026-0001' }));
    expect(documentFile).toHaveBeenCalledWith(
      expect.objectContaining({ file: 'netb2b/finance-documents/7/file/' }),
      expect.anything(),
    );
  });

  it('leaves the other documents as they were', async () => {
    renderDocuments([priceList, portalInvoice]);
    const priceListRow = await rowOf('Price list 2027');
    const invoiceRow = await rowOf('Invoice 2026-000501');
    for (const row of [priceListRow, invoiceRow])
      expect(row).not.toHaveTextContent(/Amount:|Open:|Paid|Due |Overdue/);
    expect(invoiceRow).toHaveTextContent('30.09.2026');
    expect(within(invoiceRow).getByText('Size unknown')).toBeInTheDocument();
    expect(within(invoiceRow).getByRole('button', { name: 'Download Invoice 2026-000501' })).toBeEnabled();
  });
});

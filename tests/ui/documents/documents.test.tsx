import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortalDocument } from '../../../src/domain/types';
import { ApiError } from '../../../src/services/api';
import { aDocument } from '../../../src/test/builders';
import { catalogueApi, deferred, renderPortal } from '../catalogue/support';

// The documents screen is a lazy chunk: loading it once here keeps that cost out of each test.
await import('../../../src/ui/screens/documents/documents-screen');

const slow = { timeout: 60_000 };

const priceList = aDocument({
  id: 'doc-3',
  type: 'price_list',
  name: 'Price list 2027',
  createdAt: '2026-11-02T12:00:00.000Z',
  size: 24_576,
  contentType: 'application/pdf',
  file: 'netb2b/documents/3/file/',
  fileName: 'price-list-2027.pdf',
});
const dataSheet = aDocument({
  id: 'doc-2',
  type: 'data_sheet',
  name: 'Gouda data sheet',
  createdAt: '2026-10-15T12:00:00.000Z',
  size: 1_258_291,
  contentType: 'application/pdf',
  file: 'netb2b/documents/2/file/',
  fileName: 'gouda-data-sheet.pdf',
});
const invoice = aDocument({
  id: 'invoice-501',
  type: 'invoice',
  name: 'Invoice 501',
  createdAt: '2026-09-30T12:00:00.000Z',
  size: null,
  contentType: 'text/html',
  file: 'netb2b/orders/501/invoice/',
  fileName: 'invoice-501.html',
});
const allDocuments = [priceList, dataSheet, invoice];
const serverError = new ApiError({ kind: 'http', call: 'GET netb2b/documents/', status: 500 }, 'HTTP 500');
const pdf = () => new Blob(['%PDF-1.4'], { type: 'application/pdf' });

/** What the browser was handed: object URLs, saved files, opened tabs (jsdom has none of them). */
let saved: Array<{ fileName: string; href: string }>;
let tab: { location: { href: string }; closed: boolean; opener: unknown; close: ReturnType<typeof vi.fn> };
let open: ReturnType<typeof vi.fn>;
beforeEach(() => {
  saved = [];
  let urls = 0;
  URL.createObjectURL = vi.fn(() => `blob:document-${++urls}`);
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ fileName: this.download, href: this.getAttribute('href') ?? '' });
  });
  tab = { location: { href: '' }, closed: false, opener: {}, close: vi.fn() };
  open = vi.fn(() => tab);
  vi.stubGlobal('open', open);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderDocuments(
  options: {
    path?: string;
    documents?: () => Promise<PortalDocument[]>;
    documentFile?: (d: PortalDocument) => Promise<Blob>;
  } = {},
) {
  const documents = vi.fn(options.documents ?? (async () => allDocuments));
  const documentFile = vi.fn(options.documentFile ?? (async () => pdf()));
  const rendered = renderPortal({
    path: options.path ?? '/documents/',
    api: catalogueApi({ documents, documentFile }),
  });
  return { ...rendered, documents, documentFile };
}

const table = () => screen.findByRole('table', {}, slow);
const rowOf = async (name: string) => {
  const row = (await within(await table()).findByText(name)).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('documents', () => {
  it('lists every document with its type, name, date (dd.mm.yyyy) and size in words', async () => {
    renderDocuments();
    expect(await screen.findByRole('heading', { level: 1, name: 'Documents' }, slow)).toBeInTheDocument();
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Price list');
    expect(rows[0]).toHaveTextContent('Price list 2027');
    expect(rows[0]).toHaveTextContent('02.11.2026');
    expect(rows[0]).toHaveTextContent('24 KB');
    expect(rows[1]).toHaveTextContent('Product data sheet');
    expect(rows[1]).toHaveTextContent('15.10.2026');
    expect(rows[1]).toHaveTextContent('1.2 MB');
    // an invoice's size is not known before it is rendered
    expect(rows[2]).toHaveTextContent('Invoice 501');
    expect(rows[2]).toHaveTextContent('—');
    expect(within(rows[2]!).getByText('Size unknown')).toBeInTheDocument();
    expect(screen.getByText('3 documents')).toBeInTheDocument();
  });

  it('filters by type through the address, so a reload (or Back) shows the same list', async () => {
    const user = userEvent.setup();
    const { location } = renderDocuments();
    const filter = await screen.findByRole('group', { name: 'Document type' }, slow);
    expect(within(filter).getByRole('radio', { name: 'All' })).toBeChecked();
    await table();
    await user.click(within(filter).getByRole('radio', { name: 'Price lists' }));
    expect(location.history.at(-1)).toBe('/documents/?type=price_list');
    expect(within(filter).getByRole('radio', { name: 'Price lists' })).toBeChecked();
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Price list 2027');
    expect(screen.getByText('1 document')).toBeInTheDocument();

    await user.click(within(filter).getByRole('radio', { name: 'All' }));
    expect(location.history.at(-1)).toBe('/documents/');
    expect(within(await table()).getAllByRole('row')).toHaveLength(4);
  });

  it('opens at the filter the address names', async () => {
    renderDocuments({ path: '/documents/?type=invoice' });
    const filter = await screen.findByRole('group', { name: 'Document type' }, slow);
    expect(within(filter).getByRole('radio', { name: 'Invoices' })).toBeChecked();
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('Invoice 501')]);
  });

  it('says so when no document is of the chosen type, and offers all of them', async () => {
    const user = userEvent.setup();
    const { location } = renderDocuments({ path: '/documents/?type=certificate' });
    expect(await screen.findByText('No documents of this type.', {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all documents' }));
    expect(location.history.at(-1)).toBe('/documents/');
    expect(within(await table()).getAllByRole('row')).toHaveLength(4);
  });

  it('shows an empty state when nothing is published', async () => {
    renderDocuments({ documents: async () => [] });
    expect(
      await screen.findByText('No documents have been published for you yet.', {}, slow),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows loading, then an error with retry that loads the list again', async () => {
    const user = userEvent.setup();
    const first = deferred<PortalDocument[]>();
    let calls = 0;
    const { documents } = renderDocuments({
      documents: () => (++calls === 1 ? first.promise : Promise.resolve(allDocuments)),
    });
    expect(await screen.findByText('Loading documents…', {}, slow)).toBeInTheDocument();
    first.reject(serverError);
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(within(await table()).getAllByRole('row')).toHaveLength(4);
    expect(documents).toHaveBeenCalledTimes(2);
  });

  it('Open fetches the file and points the tab opened during the click at it', async () => {
    const user = userEvent.setup();
    const { documentFile } = renderDocuments();
    const row = await rowOf('Price list 2027');
    await user.click(within(row).getByRole('button', { name: 'Open Price list 2027' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('blob:document-1'));
    expect(documentFile).toHaveBeenCalledWith(priceList, expect.anything());
    expect(tab.opener).toBeNull();
    expect(saved).toEqual([]);
  });

  it('Download saves the file under its name, without a tab', async () => {
    const user = userEvent.setup();
    const { documentFile } = renderDocuments();
    const row = await rowOf('Gouda data sheet');
    await user.click(within(row).getByRole('button', { name: 'Download Gouda data sheet' }));
    await waitFor(() =>
      expect(saved).toEqual([{ fileName: 'gouda-data-sheet.pdf', href: 'blob:document-1' }]),
    );
    expect(documentFile).toHaveBeenCalledWith(dataSheet, expect.anything());
    expect(open).not.toHaveBeenCalled();
  });

  it('a file that cannot be fetched says so in its row, and Try again fetches it', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const { documentFile } = renderDocuments({
      documentFile: async () => {
        if (++calls === 1)
          throw new ApiError(
            { kind: 'http', call: 'GET netb2b/orders/501/invoice/', status: 500 },
            'HTTP 500',
          );
        return pdf();
      },
    });
    const row = await rowOf('Invoice 501');
    await user.click(within(row).getByRole('button', { name: 'Download Invoice 501' }));
    const alert = await within(row).findByRole('alert');
    expect(alert).toHaveTextContent('Could not open the document. Try again.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(saved).toEqual([{ fileName: 'invoice-501.html', href: 'blob:document-1' }]));
    expect(within(row).queryByRole('alert')).not.toBeInTheDocument();
    expect(documentFile).toHaveBeenCalledTimes(2);
  });

  it('a failed Open closes the tab it opened', async () => {
    const user = userEvent.setup();
    renderDocuments({ documentFile: async () => Promise.reject(serverError) });
    const row = await rowOf('Price list 2027');
    await user.click(within(row).getByRole('button', { name: 'Open Price list 2027' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent('Could not open the document.');
    expect(tab.close).toHaveBeenCalled();
  });

  it('the buttons are reached and pressed with the keyboard', async () => {
    const user = userEvent.setup();
    renderDocuments();
    const row = await rowOf('Price list 2027');
    within(row).getByRole('button', { name: 'Open Price list 2027' }).focus();
    await user.tab();
    expect(within(row).getByRole('button', { name: 'Download Price list 2027' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(saved).toHaveLength(1));
  });
});

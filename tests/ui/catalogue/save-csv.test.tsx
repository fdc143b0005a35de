import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../../src/domain/types';
import de from '../../../src/locales/de.json';
import { aCatalogueProduct, catalogueApi, gouda, renderPortal, water } from './support';

// The signed-in portal is a lazily loaded chunk: the first query waits for its import.
const slow = { timeout: 60_000 };

/** What the browser was handed: the file's name and text (jsdom has no downloads). */
let saved: Array<{ fileName: string; text: Promise<string> }>;
let blobs: Map<string, Blob>;
beforeEach(() => {
  saved = [];
  blobs = new Map();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:csv-${blobs.size}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    saved.push({ fileName: this.download, text: blob ? blob.text() : Promise.resolve('') });
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('en');
});

const manyProducts: Product[] = Array.from({ length: 150 }, (_, index) =>
  aCatalogueProduct({ id: 100 + index, stockCode: `ROW-${String(index + 1).padStart(3, '0')}` }),
);

describe('catalog detail: Save as CSV', () => {
  it('downloads a CSV file with every product of the list', async () => {
    const user = userEvent.setup();
    renderPortal({ path: '/catalog/brand/4' });
    await user.click(await screen.findByRole('button', { name: 'Save as CSV' }, slow));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.fileName).toBe('Alpenhof.csv');
    const lines = (await saved[0]?.text)?.trim().split('\r\n') ?? [];
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(gouda.stockCode);
    expect(lines[2]).toContain(water.name);
    expect(await screen.findByRole('button', { name: 'Save as CSV' })).toBeEnabled();
  });

  it('writes the numbers in the interface language: a decimal comma and ";" between fields in German', async () => {
    const user = userEvent.setup();
    i18next.addResourceBundle('de', 'translation', de);
    await i18next.changeLanguage('de');
    renderPortal({ path: '/catalog/brand/4' });
    await user.click(await screen.findByRole('button', { name: 'Als CSV speichern' }, slow));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [header = '', first = ''] = (await saved[0]?.text)?.trim().split('\r\n') ?? [];
    expect(header.split(';')).toHaveLength(8);
    expect(first).toContain(gouda.stockCode);
    // the price without thousands separator or symbol, so the German spreadsheet reads a number
    expect(first.split(';')[5]).toMatch(/^\d+,\d{2}$/);
  });

  it('a page that fails shows a message with Try again, which loads it and saves the file', async () => {
    const user = userEvent.setup();
    let secondPageCalls = 0;
    const productPage = vi.fn(async ({ page }: { page?: number }) => {
      if (page === 2 && ++secondPageCalls === 1) throw new Error('HTTP 500');
      const results = page === 2 ? manyProducts.slice(100) : manyProducts.slice(0, 100);
      return { count: 150, next: null, previous: null, results };
    });
    renderPortal({ path: '/catalog/brand/4', api: catalogueApi({ productPage }) });
    await user.click(await screen.findByRole('button', { name: 'Save as CSV' }, slow));
    // the list shows its own message for the failed rows; the export says the file was not saved
    const alerts = await screen.findAllByRole('alert');
    const message = alerts.find((alert) =>
      alert.textContent?.includes('The product list could not be saved.'),
    );
    expect(message).toBeDefined();
    expect(saved).toHaveLength(0);

    await user.click(within(message as HTMLElement).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const lines = (await saved[0]?.text)?.trim().split('\r\n') ?? [];
    expect(lines).toHaveLength(151);
    expect(lines[150]).toContain('ROW-150');
    expect(screen.queryByText('The product list could not be saved.')).not.toBeInTheDocument();
  });
});

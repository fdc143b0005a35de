import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PortalDocument } from '../../../src/domain/types';
import { ApiError } from '../../../src/services/api';
import type { Capability } from '../../../src/services/api/capabilities';
import { catalogueApi, renderPortal } from '../catalogue/support';

await import('../../../src/ui/screens/documents/documents-screen');

const slow = { timeout: 60_000 };
const mainMenu = () => screen.findByRole('navigation', { name: 'Main menu' }, slow);
const noSuchCall = new ApiError(
  { kind: 'http', call: 'GET netb2b/documents/', status: 404, code: 'no_such_call' },
  'HTTP 404',
);

function renderWith(capabilities: Capability[] | null, documents: () => Promise<PortalDocument[]>) {
  const call = vi.fn(documents);
  renderPortal({
    path: '/documents/',
    api: catalogueApi({
      documents: call,
      ...(capabilities ? { capabilities: async () => capabilities } : {}),
    }),
  });
  return call;
}

describe('documents as a capability', () => {
  it('a backend with documents has the menu entry and the list', async () => {
    renderWith(['documents'], async () => []);
    expect(within(await mainMenu()).getByRole('link', { name: 'Documents' })).toBeInTheDocument();
    expect(
      await screen.findByText('No documents have been published for you yet.', {}, slow),
    ).toBeInTheDocument();
  });

  it('a backend without documents: no menu entry, the bookmarked page says so and asks nothing', async () => {
    const documents = renderWith(['favourites'], async () => []);
    expect(await screen.findByText('This is not offered on this portal.', {}, slow)).toBeInTheDocument();
    expect(within(await mainMenu()).queryByRole('link', { name: 'Documents' })).not.toBeInTheDocument();
    expect(documents).not.toHaveBeenCalled();
  });

  it('a documents call the backend turns out not to have says so instead of "try again"', async () => {
    renderWith(null, async () => {
      throw noSuchCall;
    });
    expect(await screen.findByText('This is not offered on this portal.', {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});

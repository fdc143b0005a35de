import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, testConfiguration } from './support/renderApp';

/**
 * The login card's logo comes from the backend's configuration (logo_wide, then logo_square), which
 * may point anywhere: one that does not load gives way to the other, then to the site's name.
 */
describe('the login logo', () => {
  it('falls back from the wide logo to the square one, then to the site name', async () => {
    renderApp({
      configuration: {
        ...testConfiguration,
        logoWide: 'https://erp.example/wide.svg',
        logoSquare: 'https://erp.example/square.svg',
      },
    });
    const wide = await screen.findByRole('img', { name: testConfiguration.siteName });
    expect(wide).toHaveAttribute('src', 'https://erp.example/wide.svg');

    fireEvent.error(wide);
    const square = await screen.findByRole('img', { name: testConfiguration.siteName });
    expect(square).toHaveAttribute('src', 'https://erp.example/square.svg');

    fireEvent.error(square);
    expect(screen.queryByRole('img', { name: testConfiguration.siteName })).not.toBeInTheDocument();
    expect(await screen.findByText(testConfiguration.siteName)).toBeInTheDocument();
  });

  it('shows the square logo when there is no wide one', async () => {
    renderApp({ configuration: { ...testConfiguration, logoWide: null, logoSquare: '/square.svg' } });
    expect(await screen.findByRole('img', { name: testConfiguration.siteName })).toHaveAttribute(
      'src',
      '/square.svg',
    );
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buyerClaims, demoClaims } from './support/fakeSession';
import { renderSignedIn } from './support/renderSignedIn';

// The signed-in portal is a lazily loaded chunk: the first test waits for its import.
const mainMenu = () => screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 60_000 });

describe('main layout', () => {
  it('has the side menu Home, Orders, Products, Campaigns, Settings and Logout', async () => {
    renderSignedIn(buyerClaims);
    const menu = within(await mainMenu());
    for (const [name, href] of [
      ['Home', '/'],
      ['Orders', '/orders/'],
      ['Products', '/products/'],
      ['Campaigns', '/campaigns/'],
      ['Settings', '/settings/'],
    ]) {
      expect(menu.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(menu.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('follows menu links to their screens and marks the current one', async () => {
    const user = userEvent.setup();
    const { location } = renderSignedIn(buyerClaims);
    await user.click(within(await mainMenu()).getByRole('link', { name: 'Products' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Category' })).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/products/');
    expect(within(await mainMenu()).getByRole('link', { name: 'Products' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('home greets the user and names its sections', async () => {
    renderSignedIn(buyerClaims);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Berta Buyer' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Account: Corner Shop Ltd')).toBeInTheDocument();
    for (const section of [
      'Campaigns',
      'Categories',
      'Latest orders',
      'Import products from Excel',
      'Brands',
    ]) {
      // the sections appear once the notifications and announcements above them have settled
      expect(await screen.findByRole('region', { name: section })).toBeInTheDocument();
    }
  });

  it('hides Orders, Settings, the cart and the language picker from a demo user', async () => {
    const { container } = renderSignedIn(demoClaims);
    const menu = within(await mainMenu());
    expect(menu.getByRole('link', { name: 'Products' })).toBeInTheDocument();
    expect(menu.queryByRole('link', { name: 'Orders' })).not.toBeInTheDocument();
    expect(menu.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(container.querySelector('[data-slot="cart"]')).toBeNull();
    expect(container.querySelector('[data-slot="language"]')).toBeNull();
    expect(container.querySelector('[data-slot="notifications"]')).not.toBeNull();
  });

  it('shows buyers the cart and language places that demo users lack', async () => {
    const { container } = renderSignedIn(buyerClaims);
    await mainMenu();
    expect(container.querySelector('[data-slot="cart"]')).not.toBeNull();
    expect(container.querySelector('[data-slot="language"]')).not.toBeNull();
  });

  it('a demo user who types /orders/ gets the error page, not the order list', async () => {
    renderSignedIn(demoClaims, { path: '/orders/' });
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByText('403 Forbidden')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Orders' })).not.toBeInTheDocument();
  });
});

describe('logout', () => {
  it('asks for confirmation: cancel keeps the session, confirming returns to the login screen', async () => {
    const user = userEvent.setup();
    const { sessionEvents } = renderSignedIn(buyerClaims);
    await user.click(within(await mainMenu()).getByRole('button', { name: 'Logout' }));

    const dialog = await screen.findByRole('dialog', { name: 'Log out of the portal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sessionEvents.some((event) => event.type === 'session.logout')).toBe(false);
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();

    await user.click(within(await mainMenu()).getByRole('button', { name: 'Logout' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'B2B LOGIN' })).toBeInTheDocument();
    expect(sessionEvents.filter((event) => event.type === 'session.logout')).toHaveLength(1);
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });
});

describe('theme and sidebar', () => {
  it('the theme toggle switches the dark class on the document root', async () => {
    const user = userEvent.setup();
    renderSignedIn(buyerClaims);
    const toggle = await screen.findByRole('button', { name: 'Dark theme' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(document.documentElement).not.toHaveClass('dark');

    await user.click(toggle);
    expect(document.documentElement).toHaveClass('dark');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await user.click(toggle);
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('a remembered dark theme is applied at start', async () => {
    renderSignedIn(buyerClaims, { preferences: { theme: 'dark', sidebar: 'expanded' } });
    await mainMenu();
    expect(document.documentElement).toHaveClass('dark');
  });

  it('the sidebar button collapses and expands the side menu', async () => {
    const user = userEvent.setup();
    const { app } = renderSignedIn(buyerClaims);
    const collapse = await screen.findByRole('button', { name: 'Collapse sidebar' });
    expect(collapse).toHaveAttribute('aria-expanded', 'true');

    await user.click(collapse);
    const expand = screen.getByRole('button', { name: 'Expand sidebar' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    expect(app.getSnapshot().children.preferences?.getSnapshot().matches({ sidebar: 'collapsed' })).toBe(
      true,
    );
    // Collapsed, the labels are hidden visually only: the links keep their names.
    expect(within(await mainMenu()).getByRole('link', { name: 'Orders' })).toBeInTheDocument();

    await user.click(expand);
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toBeInTheDocument();
  });
});

describe('mobile drawer', () => {
  it('opens the menu in a dialog and closes it when a link is followed', async () => {
    const user = userEvent.setup();
    const { location } = renderSignedIn(buyerClaims);
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));

    const drawer = await screen.findByRole('dialog', { name: 'Main menu' });
    await user.click(within(drawer).getByRole('link', { name: 'Campaigns' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location.history.at(-1)).toBe('/campaigns/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaigns' })).toBeInTheDocument();
  });
});

describe('error pages', () => {
  it('an unknown path shows 404 "No route matches URL"', async () => {
    renderSignedIn(buyerClaims, { path: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('404 Not Found')).toBeInTheDocument();
    expect(screen.getByText('No route matches URL "/no/such/page"')).toBeInTheDocument();
  });

  it('an unknown /auth path is a 404 too, with the full path', async () => {
    renderSignedIn(buyerClaims, { path: '/auth/nothing-here/' });
    expect(await screen.findByText('No route matches URL "/auth/nothing-here/"')).toBeInTheDocument();
  });
});

describe('auth layout', () => {
  it('serves the forgot-password placeholder with a way back', async () => {
    renderSignedIn(buyerClaims, { path: '/auth/forgot-password/' });
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/');
  });
});

describe('document', () => {
  it('the browser tab is named after the configured site', async () => {
    renderSignedIn(buyerClaims);
    await mainMenu();
    await waitFor(() => expect(document.title).toBe('Fresh Foods B2B'));
  });
});

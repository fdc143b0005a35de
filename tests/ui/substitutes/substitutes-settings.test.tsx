import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SubstitutePreference } from '../../../src/services/api/wire/substitutes';
import { fakeApi } from '../cart/support/fakeApi';
import { renderPortal } from '../cart/support/renderPortal';

// Settings › Substitutes: a user switches substitution off for themselves; only the main user may for
// the whole company.

function preferenceApi(canChangeCompany: boolean) {
  let stored: SubstitutePreference = { companyForbids: false, userForbids: false, canChangeCompany };
  const setSubstitutePreference = vi.fn(async (change: Partial<SubstitutePreference>) => {
    stored = { ...stored, ...change };
    return stored;
  });
  const api = fakeApi();
  Object.assign(api as unknown as Record<string, unknown>, {
    substitutePreference: vi.fn(async () => stored),
    setSubstitutePreference,
  });
  return { api, setSubstitutePreference };
}

describe('Settings › Substitutes', { timeout: 60_000 }, () => {
  it('saves the user’s own switch at once and says so', async () => {
    const user = userEvent.setup();
    const { api, setSubstitutePreference } = preferenceApi(true);
    renderPortal({ api, path: '/settings/substitutes/' });
    const mine = await screen.findByRole(
      'checkbox',
      { name: 'Never offer me substitutes' },
      { timeout: 60_000 },
    );
    expect(mine).not.toBeChecked();
    await user.click(mine);
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(setSubstitutePreference).toHaveBeenCalledWith({ userForbids: true }, expect.anything());
    expect(mine).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'Never offer substitutes to anyone in the company' }),
    ).toBeEnabled();
  });

  it('leaves the company’s switch to the main user', async () => {
    const { api } = preferenceApi(false);
    renderPortal({ api, path: '/settings/substitutes/' });
    const company = await screen.findByRole(
      'checkbox',
      { name: 'Never offer substitutes to anyone in the company' },
      { timeout: 60_000 },
    );
    await waitFor(() => expect(company).toBeDisabled());
    expect(company).toHaveAccessibleDescription(
      "Only the company's main user can change the company's setting.",
    );
  });
});

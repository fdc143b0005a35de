import { act, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import flowsDe from '../../../src/locales/flows/de.json';
import flowsEn from '../../../src/locales/flows/en.json';
import { flowTextsAdded } from '../../../src/studio/flow-texts';
import { catalogEntry } from '../../../src/studio/machine-catalog';
import { simulate } from '../../../src/studio/simulation';
import { StateSummary } from '../../../src/ui/screens/statecharts/simulate/state-summary';

const initialSnapshot = (name: string) => {
  const entry = catalogEntry(name);
  if (!entry) throw new Error(`no machine ${name}`);
  return simulate(entry.machine, undefined, []).snapshot;
};

const summary = (name: string) => (
  <StateSummary snapshot={initialSnapshot(name)} stopped={null} error={null} failedAt={null} />
);

describe('the simulator’s state summary', () => {
  beforeAll(async () => {
    await flowTextsAdded;
  });
  afterEach(async () => {
    await act(() => i18next.changeLanguage('en'));
  });

  it('says what the current state means in the product owner’s words', async () => {
    render(summary('checkout'));
    expect(screen.getByTestId('simulated-state')).toHaveTextContent('form.editing');
    expect(await screen.findByTestId('simulated-state-description')).toHaveTextContent(
      flowsEn.states.checkout['form.editing'],
    );
  });

  it('describes each region of a machine that is in several states at once', async () => {
    render(summary('preferences'));
    const texts = within(await screen.findByTestId('simulated-state-description')).getAllByRole('listitem');
    expect(texts.map((item) => item.textContent)).toEqual([
      flowsEn.states.preferences['theme.light'],
      flowsEn.states.preferences['sidebar.expanded'],
    ]);
  });

  it('follows the interface language', async () => {
    i18next.addResourceBundle('de', 'flows', flowsDe, true, true);
    render(summary('checkout'));
    await act(() => i18next.changeLanguage('de'));
    expect(await screen.findByTestId('simulated-state-description')).toHaveTextContent(
      flowsDe.states.checkout['form.editing'],
    );
  });
});

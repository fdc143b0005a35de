import { expect, type Locator, type Page } from '@playwright/test';
import { reportedError } from '../held-calls';
import { addCartLine, freshUser, type PortalUser, productWithUnits, signInThroughStore } from '../portal';
import type { PlanStep, Texts, UiMap } from '../ui-map';

/**
 * One line of the cart drawer, for a user of the test's own whose cart holds two pieces of a product
 * sold in three units (the model's piece, box and pallet). The line's saves and removals are held
 * until a step answers them. The page clock stands still after the start, so the quarter second the
 * line waits for more clicks and the five seconds Undo is offered pass only when a step says so.
 */
interface Subject {
  user: PortalUser;
  productName: string;
}

/** The model's units (1 piece, 2 box, 3 pallet) stand for the product's first, second and third unit. */
const modelUnits = [1, 2, 3];

const drawerOf = (page: Page, t: Texts) => page.getByRole('dialog', { name: t('cart.title') });
const lineOf = (page: Page, t: Texts, subject: Subject) =>
  drawerOf(page, t).getByRole('listitem', { name: subject.productName });
const savingNote = (line: Locator, t: Texts) =>
  line.getByRole('status').filter({ hasText: t('cart.saving') });
const undoButton = (line: Locator, t: Texts) => line.getByRole('button', { name: t('cart.undo') });
const removeDialog = (page: Page, t: Texts) => page.getByRole('dialog', { name: t('cart.removeTitle') });
const lineAlert = (line: Locator) => line.getByRole('alert');

/** Lets the page's time run for `ms` (the clock stands still otherwise). */
const timePasses = (page: Page, ms: number) => page.clock.runFor(ms);
/** Stops the page's time (a moment ahead: the clock cannot be set back to an instant it has passed). */
const standStill = async (page: Page) => page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

const stateBefore = (steps: readonly PlanStep[], index: number, initial: string) =>
  index === 0 ? [initial] : (steps[index - 1]?.stateIds ?? []);

const cartLine: UiMap<Subject> = {
  machine: 'cart-line',
  clock: true,
  calls: {
    saveLine: { method: 'PUT', path: /\/api\/netb2b\/cart-items\/\d+\/$/ },
    removeLine: { method: 'DELETE', path: /\/api\/netb2b\/cart-items\/\d+\/$/ },
  },
  async setup(page, { pathId, t, language }) {
    const user = await freshUser(page, `line${pathId.replace(/\D/g, '')}`, language);
    const { access } = await signInThroughStore(page, user);
    const product = await productWithUnits(page, access, 'Ayran', 3);
    await addCartLine(page, access, {
      product: product.id,
      quantity: '2',
      unit: product.unit_amounts[0]?.unit ?? 1,
    });
    await page.goto('/');
    await page.getByRole('button', { name: t('cart.button_one', { count: 1 }) }).click();
    const subject = { user, productName: product.name };
    await expect(lineOf(page, t, subject).getByRole('combobox')).toHaveValue(
      String(product.unit_amounts[0]?.unit),
    );
    await standStill(page);
    return subject;
  },
  events: {
    'line.increased': {
      run: ({ page, t, subject }) =>
        lineOf(page, t, subject)
          .getByRole('button', { name: t('quantity.increase') })
          .click(),
    },
    'line.decreased': {
      run: ({ page, t, subject }) =>
        lineOf(page, t, subject)
          .getByRole('button', { name: t('quantity.decrease') })
          .click(),
    },
    'line.quantityTyped': {
      run: ({ page, t, subject, event }) =>
        lineOf(page, t, subject)
          .getByRole('textbox', { name: new RegExp(t('quantity.label')) })
          .fill(String((event as unknown as { text: string }).text)),
    },
    // a valid quantity, typed
    'line.quantityChanged': {
      run: ({ page, t, subject, event }) =>
        lineOf(page, t, subject)
          .getByRole('textbox', { name: new RegExp(t('quantity.label')) })
          .fill(String((event as unknown as { quantity: number }).quantity)),
    },
    'line.unitChanged': {
      async run({ page, t, subject, event }) {
        const index = modelUnits.indexOf((event as unknown as { unit: number }).unit);
        await lineOf(page, t, subject).getByRole('combobox').selectOption({ index });
      },
    },
    // the units are read as the cart opens: the line has them before any step
    'line.unitsLoaded': { run: async () => undefined },
    'line.undoRequested': { run: ({ page, t, subject }) => undoButton(lineOf(page, t, subject), t).click() },
    'line.removeRequested': {
      run: ({ page, t, subject }) =>
        lineOf(page, t, subject)
          .getByRole('button', { name: t('cart.removeItem', { name: subject.productName }) })
          .click(),
    },
    'line.removeConfirmed': {
      run: ({ page, t }) =>
        removeDialog(page, t)
          .getByRole('button', { name: t('cart.remove') })
          .click(),
    },
    'line.removeCancelled': {
      run: ({ page, t }) =>
        removeDialog(page, t)
          .getByRole('button', { name: t('common.cancel') })
          .click(),
      unreachable: (steps, index) =>
        stateBefore(steps, index, '').includes('cartLine.removeFailed')
          ? 'the failed removal offers Try again and Close (line.errorDismissed); nothing there cancels it'
          : undefined,
    },
    'line.retried': {
      run: ({ page, t, subject }) =>
        lineAlert(lineOf(page, t, subject))
          .getByRole('button', { name: t('common.tryAgain') })
          .click(),
    },
    'line.errorDismissed': {
      run: ({ page, t, subject }) =>
        lineAlert(lineOf(page, t, subject))
          .getByRole('button', { name: t('common.close') })
          .click(),
    },
    // the refusal for stock offers the most the stock allows in the refused unit
    'line.mostAccepted': {
      run: ({ page, t, subject }) =>
        lineAlert(lineOf(page, t, subject))
          .getByRole('button', { name: new RegExp(`^${t('cart.takeMost', { max: '\\d+', unit: '.+' })}$`) })
          .click(),
    },
    /**
     * The line changed in another tab of the same user: its save there tells this tab, which reads
     * the cart again. The clock runs meanwhile (the other tab needs it).
     */
    'line.serverUpdated': {
      async run({ page, t, subject }) {
        await page.clock.resume();
        const other = await page.context().newPage();
        // a sign-in of its own: the tabs keep their sessions apart, as two tabs signed in do
        await signInThroughStore(other, subject.user);
        await other.goto('/');
        await other.getByRole('button', { name: t('cart.button_one', { count: 1 }) }).click();
        const line = lineOf(other, t, subject);
        const unit = line.getByRole('combobox');
        const shown = await unit.inputValue();
        const options = await unit
          .locator('option')
          .evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
        await unit.selectOption(options.find((value) => value !== shown) ?? shown);
        await expect(savingNote(line, t)).toHaveCount(0);
        await other.close();
        await standStill(page);
      },
    },
    'xstate.after.quantityDebounce.cartLine.editable.save.pending.debouncing': {
      run: ({ page }) => timePasses(page, 250),
    },
    'xstate.after.unitUndoWindow.cartLine.editable.unitUndo.offered': {
      run: ({ page }) => timePasses(page, 5000),
    },
    'xstate.done.actor.saveLine': { run: ({ calls }) => calls.letThrough('saveLine') },
    'xstate.error.actor.saveLine': {
      run: ({ calls, event }) => calls.fail('saveLine', reportedError(event)),
    },
    'xstate.done.actor.removeLine': { run: ({ calls }) => calls.letThrough('removeLine') },
    'xstate.error.actor.removeLine': {
      run: ({ calls, event }) => calls.fail('removeLine', reportedError(event)),
    },
  },
  states: {
    'cartLine.editable.save.idle': async ({ page, t, subject }) => {
      const line = lineOf(page, t, subject);
      await expect(line).toBeVisible();
      await expect(savingNote(line, t)).toHaveCount(0);
      await expect(lineAlert(line)).toHaveCount(0);
    },
    'cartLine.editable.save.pending.debouncing': async ({ page, t, subject }) => {
      await expect(savingNote(lineOf(page, t, subject), t)).toBeVisible();
    },
    'cartLine.editable.save.pending.saving.sending': async ({ page, t, subject }) => {
      await expect(savingNote(lineOf(page, t, subject), t)).toBeVisible();
    },
    'cartLine.editable.save.pending.saving.queued': async ({ page, t, subject }) => {
      await expect(savingNote(lineOf(page, t, subject), t)).toBeVisible();
    },
    'cartLine.editable.save.failed.saveFailed': async ({ page, t, subject }) => {
      const alert = lineAlert(lineOf(page, t, subject));
      await expect(alert).toContainText(t('cart.saveFailed'));
      await expect(alert.getByRole('button', { name: t('common.tryAgain') })).toBeVisible();
    },
    'cartLine.editable.save.failed.saveRefused': async ({ page, t, subject }) => {
      // the server's reason instead of Try again, which cannot succeed
      const alert = lineAlert(lineOf(page, t, subject));
      await expect(alert).toBeVisible();
      await expect(alert.getByRole('button', { name: t('common.tryAgain') })).toHaveCount(0);
    },
    'cartLine.editable.unitUndo.hidden': async ({ page, t, subject }) => {
      await expect(undoButton(lineOf(page, t, subject), t)).toHaveCount(0);
    },
    'cartLine.editable.unitUndo.offered': async ({ page, t, subject }) => {
      await expect(undoButton(lineOf(page, t, subject), t)).toBeVisible();
    },
    'cartLine.confirmingRemoval': async ({ page, t }) => {
      await expect(removeDialog(page, t).getByRole('button', { name: t('cart.remove') })).toBeEnabled();
    },
    'cartLine.removing': async ({ page, t, subject }) => {
      await expect(removeDialog(page, t)).toHaveCount(0);
      await expect(
        lineOf(page, t, subject).getByRole('button', {
          name: t('cart.removeItem', { name: subject.productName }),
        }),
      ).toBeDisabled();
    },
    'cartLine.removeFailed': async ({ page, t, subject }) => {
      const alert = lineAlert(lineOf(page, t, subject));
      await expect(alert).toContainText(t('cart.removeFailed'));
      await expect(alert.getByRole('button', { name: t('common.tryAgain') })).toBeVisible();
    },
    'cartLine.removed': async ({ page, t, subject }) => {
      await expect(lineOf(page, t, subject)).toHaveCount(0);
    },
  },
  screenless: {
    'cartLine.removed': 'the line is gone from the drawer: no screen of its own',
  },
};

export default cartLine;

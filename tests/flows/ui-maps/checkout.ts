import { expect, type Locator, type Page } from '@playwright/test';
import type { HeldCalls } from '../held-calls';
import { reportedError } from '../held-calls';
import {
  addCartLine,
  bearer,
  companyAddresses,
  freshUser,
  type PortalUser,
  productWithUnits,
  signInThroughStore,
} from '../portal';
import type { PlanStep, Texts, UiMap } from '../ui-map';

/**
 * The checkout in the cart drawer, for a user of the test's own whose cart holds one line, in a
 * company with two delivery addresses. What the checkout waits for is held until a step answers it:
 * the delivery calendar (answered with a calendar of the test's own, below), the company's addresses,
 * the order's preview, the order itself and a line's save. The page clock is installed, so the slow
 * answer's ten seconds and a cut-off pass when a step says so.
 *
 * The calendar: every day from a week ahead is served for the first address, whose next cut-off is 20
 * minutes after the test starts (orders for that day close then, and the date moves to the next day);
 * the second address's route serves neither of those two days, so choosing it moves the date too.
 * The days are ones the specification's rule allows as well, so a portal without a calendar of its
 * own takes the orders.
 */
interface Subject {
  user: PortalUser;
  productName: string;
  /** the calendar answered for the test (the portal's answer with `calendar` replaced) */
  calendarAnswer: Record<string, unknown>;
  /** the next cut-off of the chosen day, in ms since the epoch */
  nextCutoff: number;
  calendarAnswered: boolean;
  /** line saves the steps started and have not answered yet */
  savesOnTheirWay: number;
}

const DAY_MS = 24 * 60 * 60_000;
/** the app's SLOW_ANSWER_MS (src/machines/kernel/slow-answer.ts) */
const SLOW_ANSWER_MS = 10_000;

const isoWeekday = (instant: number) => ((new Date(instant).getUTCDay() + 6) % 7) + 1;

/** The test's calendar: route 1 serves every day, route 2 neither the first day nor the one after. */
function testCalendar(now: number, addressIds: number[]) {
  const cutoff = Math.ceil((now + 20 * 60_000) / 60_000) * 60_000;
  const time = new Date(cutoff).toISOString().slice(11, 16);
  const firstDay = cutoff + 7 * DAY_MS;
  const notOnRoute2 = [isoWeekday(firstDay), isoWeekday(firstDay + DAY_MS)];
  const route = (id: number, name: string, weekdays: number[]) => ({
    id,
    name,
    weekdays,
    cutoff: { days_before: 7, time },
    lead_days: 0,
    minimum_order: null,
  });
  return {
    cutoff,
    calendar: {
      time_zone: 'UTC',
      routes: [
        route(1, 'Flow route east', [1, 2, 3, 4, 5, 6, 7]),
        route(
          2,
          'Flow route west',
          [1, 2, 3, 4, 5, 6, 7].filter((day) => !notOnRoute2.includes(day)),
        ),
      ],
      warehouses: [],
      closures: [],
      addresses: addressIds.map((id, index) => ({ id, route_id: index === 0 ? 1 : 2, region: null })),
    },
  };
}

// ---------------------------------------------------------------- where things are

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A text of the portal with its `{{values}}` left open. */
const textPattern = (t: Texts, key: string) =>
  new RegExp(escapeRegExp(t(key)).replace(/\\\{\\\{\w+\\\}\\\}/g, '.+'));

const drawerOf = (page: Page, t: Texts) => page.getByRole('dialog', { name: t('cart.title') });
/** The drawer's heading: the dialog element itself has no size of its own (its panel is fixed). */
const drawerHeading = (page: Page, t: Texts) =>
  drawerOf(page, t).getByRole('heading', { name: t('cart.title') });
const confirmDialog = (page: Page, t: Texts) =>
  page.getByRole('dialog', { name: t('checkout.confirmTitle') });
const orderButton = (page: Page, t: Texts) =>
  drawerOf(page, t).getByRole('button', { name: t('cart.order'), exact: true });
/** The header's cart button, whatever the count (“Cart, 1 item”). */
const cartButton = (page: Page, t: Texts) => {
  const counted = (key: string) => escapeRegExp(t(key, { count: '\u0000' })).replace('\u0000', '\\d+');
  return page.getByRole('button', {
    name: new RegExp(`^(${counted('cart.button_one')}|${counted('cart.button_other')})$`),
  });
};
const lineOf = (page: Page, t: Texts, subject: Subject) =>
  drawerOf(page, t).getByRole('listitem', { name: subject.productName });

/** The notice above the form for each state that has one. */
const noticeKeys: Record<string, string> = {
  'checkout.form.lineSaveFailed': 'checkout.lineSaveFailed',
  'checkout.form.cartChanged': 'checkout.cartChanged',
  'checkout.form.minimumNotReached': 'minimumOrder.notReachedGeneric',
  'checkout.submitFailed': 'checkout.orderFailed',
  'checkout.submitCancelled': 'checkout.orderCancelled',
  'checkout.resumable': 'checkout.pendingOrder',
};

function noticeOf(page: Page, t: Texts, stateId: string): Locator {
  const key = noticeKeys[stateId];
  if (!key) throw new Error(`${stateId} has no notice`);
  // the minimum's notice names the amount when the hint is known, else says it in general: both open alike
  const text =
    stateId === 'checkout.form.minimumNotReached'
      ? new RegExp(
          `^${escapeRegExp(commonStart(t('minimumOrder.notReached'), t('minimumOrder.notReachedGeneric')))}`,
        )
      : t(key);
  return drawerOf(page, t).getByRole('alert').filter({ hasText: text });
}

const commonStart = (a: string, b: string) => {
  let length = 0;
  while (length < a.length && a[length] === b[length]) length++;
  return a.slice(0, length);
};

/** Every notice the checkout shows above the form (the date moved included). */
const anyNotice = (page: Page, t: Texts) =>
  drawerOf(page, t)
    .getByRole('alert')
    .filter({
      hasText: new RegExp(
        [
          ...Object.entries(noticeKeys)
            .filter(([id]) => id !== 'checkout.form.minimumNotReached')
            .map(([, key]) => escapeRegExp(t(key))),
          escapeRegExp(commonStart(t('minimumOrder.notReached'), t('minimumOrder.notReachedGeneric'))),
          textPattern(t, 'deliveryDays.moved').source,
          textPattern(t, 'checkout.deliveryAddress.dateMoved').source,
        ].join('|'),
      ),
    });

const dateMovedNotice = (page: Page, t: Texts) =>
  drawerOf(page, t)
    .getByRole('alert')
    .filter({
      hasText: new RegExp(
        `${textPattern(t, 'deliveryDays.moved').source}|${textPattern(t, 'checkout.deliveryAddress.dateMoved').source}`,
      ),
    });

const inDialog = (stateIds: readonly string[]) =>
  stateIds.some(
    (id) =>
      [
        'checkout.previewing',
        'checkout.previewFailed',
        'checkout.confirming',
        'checkout.confirmingWithoutPreview',
      ].includes(id) || id.startsWith('checkout.submitting.'),
  );

async function openCart(page: Page, t: Texts) {
  await cartButton(page, t).click();
  await expect(drawerHeading(page, t)).toBeVisible();
}

/** The page again (a reload): what was held belongs to the page that is left; the calendar is asked for anew. */
async function reloadAndOpenCart(page: Page, t: Texts, calls: HeldCalls, subject: Subject) {
  await calls.reload();
  subject.calendarAnswered = false;
  subject.savesOnTheirWay = 0;
  await openCart(page, t);
}

/** The steps before `index` leave a line's change on its way (started and not answered yet). */
function saveOnItsWay(steps: readonly PlanStep[], index: number): boolean {
  let pending = 0;
  for (const { event } of steps.slice(0, index)) {
    if (event.type === 'checkout.savesChanged') pending = (event as { pending?: boolean }).pending ? 1 : 0;
    if (event.type === 'checkout.saveFailed') pending = 0;
  }
  return pending > 0;
}

const checkout: UiMap<Subject> = {
  machine: 'checkout',
  clock: true,
  calls: {
    calendar: { method: 'GET', path: /\/api\/netb2b\/delivery-calendar\/$/ },
    addresses: { method: 'GET', path: /\/api\/petekcore\/company-info\/$/ },
    // the checkout's preview names the day; the cart's own preview of its fees does not
    previewOrder: {
      method: 'POST',
      path: /\/api\/netb2b\/orders\/preview\/$/,
      accept: (request) => 'expected_delivery_date' in ((request.postDataJSON() as object | null) ?? {}),
    },
    placeOrder: { method: 'POST', path: /\/api\/netb2b\/orders\/$/ },
    saveLine: { method: 'PUT', path: /\/api\/netb2b\/cart-items\/\d+\/$/ },
  },
  async setup(page, { pathId, t, language }) {
    const addressIds = await companyAddresses(page);
    const user = await freshUser(page, `checkout${pathId.replace(/\D/g, '')}`, language);
    const { access } = await signInThroughStore(page, user);
    const product = await productWithUnits(page, access, 'Ayran', 3);
    await addCartLine(page, access, {
      product: product.id,
      quantity: '2',
      unit: product.unit_amounts[0]?.unit ?? 1,
    });
    const portalAnswer = await page.request.get('/api/netb2b/delivery-calendar/', {
      headers: await bearer(page, access),
    });
    expect(portalAnswer.status()).toBe(200);
    const { cutoff, calendar } = testCalendar(Date.now(), addressIds);
    await page.goto('/');
    await openCart(page, t);
    await expect(orderButton(page, t)).toBeVisible();
    return {
      user,
      productName: product.name,
      calendarAnswer: { ...((await portalAnswer.json()) as object), calendar },
      nextCutoff: cutoff,
      calendarAnswered: false,
      savesOnTheirWay: 0,
    };
  },
  events: {
    // the setup put the line in: the cart tells the checkout as it loads
    'checkout.itemsChanged': {
      run: async () => undefined,
      unreachable: (steps, index) =>
        (((steps[index]?.event ?? {}) as { items?: unknown[] }).items ?? []).length === 0
          ? 'the cart tells the checkout that nothing is on its way in the same moment its last line goes, so the order never waits with an empty cart'
          : undefined,
    },
    'checkout.savesChanged': {
      async run({ page, t, event, subject, calls }) {
        if ((event as { pending?: boolean }).pending) {
          // a click on plus: the line saves a quarter second later (held until a step answers it)
          await lineOf(page, t, subject)
            .getByRole('button', { name: t('quantity.increase') })
            .click();
          subject.savesOnTheirWay++;
        } else if (subject.savesOnTheirWay > 0) {
          subject.savesOnTheirWay--;
          await calls.letThrough('saveLine');
        }
        // else: the change that was on its way has failed already, which settled it
      },
      unreachable: (steps, index) =>
        ((steps[index]?.event ?? {}) as { pending?: boolean }).pending &&
        inDialog(index === 0 ? [] : (steps[index - 1]?.stateIds ?? []))
          ? "the confirmation covers the cart's lines: no line changes while it is open"
          : undefined,
    },
    'checkout.saveFailed': {
      async run({ calls, subject }) {
        subject.savesOnTheirWay--;
        await calls.fail('saveLine', { kind: 'http', status: 500, code: null, message: 'HTTP 500' });
      },
    },
    'checkout.linesInvalidChanged': {
      run: ({ page, t, subject }) =>
        lineOf(page, t, subject)
          .getByRole('textbox', { name: new RegExp(t('quantity.label')) })
          .fill('two'),
      unreachable: (steps, index) =>
        ((steps[index]?.event ?? {}) as { invalid?: boolean }).invalid === false
          ? 'a line that shows no quantity any more is typed right again: map it when a path needs it'
          : undefined,
    },
    'checkout.submitted': { run: ({ page, t }) => orderButton(page, t).click() },
    'checkout.confirmed': {
      run: ({ page, t }) =>
        confirmDialog(page, t)
          .getByRole('button', { name: t('checkout.confirm') })
          .click(),
    },
    'checkout.cancelled': {
      async run({ page, t, from }) {
        if (inDialog(from))
          return confirmDialog(page, t)
            .getByRole('button', { name: t('common.cancel') })
            .click();
        if (from.includes('checkout.form.dateMoved'))
          return drawerOf(page, t)
            .getByRole('button', { name: t('common.close'), exact: true })
            .click();
        const withNotice = from.find((id) => id in noticeKeys);
        if (!withNotice) throw new Error(`nothing to cancel or close in ${from.join(', ')}`);
        await noticeOf(page, t, withNotice)
          .getByRole('button', { name: t('common.close') })
          .click();
      },
    },
    'checkout.retried': {
      async run({ page, t, from }) {
        const where = from.includes('checkout.previewFailed')
          ? confirmDialog(page, t).getByRole('alert')
          : noticeOf(page, t, from.find((id) => id in noticeKeys) ?? '');
        await where.getByRole('button', { name: t('common.tryAgain') }).click();
      },
    },
    'checkout.resumed': {
      run: ({ page, t }) =>
        noticeOf(page, t, 'checkout.resumable')
          .getByRole('button', { name: t('checkout.sendAgain') })
          .click(),
    },
    'checkout.discarded': {
      run: ({ page, t }) =>
        noticeOf(page, t, 'checkout.resumable')
          .getByRole('button', { name: t('checkout.discardOrder') })
          .click(),
    },
    /**
     * A reload of the page, which restores what was typed. With an order on its way: Order and
     * Confirm order first, the order never answered (it does not reach the server), then the reload.
     */
    'checkout.draftRestored': {
      async run({ page, t, event, calls, subject }) {
        const draft = (event as { draft?: { pending?: unknown } }).draft;
        if (draft?.pending)
          await calls.bypassing({ previewOrder: 'network', placeOrder: 'never' }, async () => {
            await orderButton(page, t).click();
            const confirm = confirmDialog(page, t).getByRole('button', { name: t('checkout.confirm') });
            await expect(confirm).toBeEnabled();
            await confirm.click();
            await expect(confirm).toBeDisabled();
          });
        await reloadAndOpenCart(page, t, calls, subject);
      },
      unreachable: (steps, index) =>
        saveOnItsWay(steps, index)
          ? "a reload drops the line's change still on its way, which the path keeps waiting for"
          : undefined,
    },
    'checkout.finished': {
      async run({ page, t }) {
        await drawerOf(page, t)
          .getByRole('button', { name: t('orderSuccess.continueShopping') })
          .click();
        await expect(drawerOf(page, t)).toHaveCount(0);
        await openCart(page, t);
      },
    },
    // the cart is cleared when the user signs out: out, in again, the cart opened
    'checkout.reset': {
      async run({ page, t, subject }) {
        await page.getByRole('button', { name: t('cart.close') }).click();
        await page
          .getByRole('button', { name: t('menu.logout') })
          .first()
          .click();
        await page
          .getByRole('dialog')
          .getByRole('button', { name: t('logout.confirm') })
          .click();
        await page.locator('input[name="username"]').fill(subject.user.username);
        await page.locator('input[name="password"]').fill(subject.user.password);
        await page.getByRole('button', { name: t('login.submit') }).click();
        subject.calendarAnswered = false;
        await openCart(page, t);
      },
    },
    'checkout.calendarLoaded': {
      async run({ calls, subject }) {
        await calls.answer('calendar', subject.calendarAnswer);
        subject.calendarAnswered = true;
      },
    },
    'checkout.calendarFailed': {
      run: ({ calls, event }) => calls.fail('calendar', reportedError(event)),
    },
    // the form asks for the addresses each time it shows: the drawer closed and opened again
    'checkout.addressesNeeded': {
      async run({ page, t }) {
        await page.getByRole('button', { name: t('cart.close') }).click();
        await expect(drawerOf(page, t)).toHaveCount(0);
        await openCart(page, t);
      },
    },
    'checkout.addressesLoaded': { run: ({ calls }) => calls.letThrough('addresses') },
    'checkout.addressesFailed': {
      run: ({ calls, event }) => calls.fail('addresses', reportedError(event)),
    },
    'checkout.addressChanged': {
      async run({ page, t }) {
        const choice = drawerOf(page, t).getByRole('group', { name: t('checkout.deliveryAddress.label') });
        await choice.getByRole('radio', { checked: false }).first().check();
      },
    },
    /** The chosen day's cut-off passes: the test's calendar is answered if it was not yet, and the clock moved past it. */
    'checkout.cutoffPassed': {
      async run({ page, calls, subject }) {
        if (!subject.calendarAnswered) {
          await calls.answer('calendar', subject.calendarAnswer);
          subject.calendarAnswered = true;
        }
        // the day picker of the calendar (behind the confirmation, when it is open)
        await expect(page.locator('[role="grid"]')).toBeAttached();
        const now = await page.evaluate(() => Date.now());
        await page.clock.fastForward(subject.nextCutoff - now + 60_000);
        subject.nextCutoff += DAY_MS;
      },
      unreachable: (steps, index) => {
        const before = steps.slice(0, index).map((step) => step.event);
        if (before.some((event) => event.type === 'checkout.calendarFailed'))
          return 'without a calendar (its read failed) no day has a cut-off';
        if (
          before.some(
            (event) => event.type === 'checkout.dateChanged' && (event as { date?: string }).date === '',
          )
        )
          return 'an emptied delivery date has no cut-off';
        return undefined;
      },
    },
    'checkout.preorderChanged': {
      run: ({ page, t, event }) =>
        drawerOf(page, t)
          .getByRole('checkbox', { name: t('cart.preorder') })
          .setChecked((event as { isPreorder?: boolean }).isPreorder === true),
    },
    'checkout.noteChanged': {
      run: ({ page, t, event }) =>
        drawerOf(page, t)
          .getByRole('textbox', { name: t('cart.customerNote') })
          .fill(String((event as { note?: string }).note ?? '')),
    },
    'checkout.dateChanged': {
      // the day as the form writes it (dd.mm.yyyy), or emptied
      run: ({ page, t, event }) =>
        drawerOf(page, t)
          .getByRole('textbox', { name: t('cart.deliveryDate') })
          .fill(
            String((event as { date?: string }).date ?? '')
              .split('-')
              .reverse()
              .join('.'),
          ),
    },
    'xstate.after.slowAnswer.checkout.submitting.waiting': {
      run: ({ page }) => page.clock.fastForward(SLOW_ANSWER_MS),
    },
    'xstate.done.actor.previewOrder': { run: ({ calls }) => calls.letThrough('previewOrder') },
    'xstate.error.actor.previewOrder': {
      run: ({ calls, event }) => calls.fail('previewOrder', reportedError(event)),
    },
    'xstate.done.actor.placeOrder': { run: ({ calls }) => calls.letThrough('placeOrder') },
    'xstate.error.actor.placeOrder': {
      run: ({ calls, event }) => calls.fail('placeOrder', reportedError(event)),
    },
  },
  states: {
    'checkout.form.editing': async ({ page, t }) => {
      await expect(drawerHeading(page, t)).toBeVisible();
      await expect(confirmDialog(page, t)).toHaveCount(0);
      await expect(anyNotice(page, t)).toHaveCount(0);
      await expect(drawerOf(page, t).getByRole('button', { name: t('checkout.savingChanges') })).toHaveCount(
        0,
      );
    },
    'checkout.form.lineSaveFailed': async ({ page, t }) => {
      await expect(noticeOf(page, t, 'checkout.form.lineSaveFailed')).toBeVisible();
    },
    'checkout.form.dateMoved': async ({ page, t }) => {
      await expect(confirmDialog(page, t)).toHaveCount(0);
      await expect(dateMovedNotice(page, t)).toBeVisible();
    },
    'checkout.form.minimumNotReached': async ({ page, t }) => {
      await expect(noticeOf(page, t, 'checkout.form.minimumNotReached')).toBeVisible();
    },
    'checkout.form.cartChanged': async ({ page, t }) => {
      await expect(noticeOf(page, t, 'checkout.form.cartChanged')).toBeVisible();
    },
    'checkout.waitingForSaves': async ({ page, t }) => {
      await expect(
        drawerOf(page, t).getByRole('button', { name: t('checkout.savingChanges') }),
      ).toBeDisabled();
    },
    'checkout.previewing': async ({ page, t }) => {
      const dialog = confirmDialog(page, t);
      await expect(dialog.getByRole('status').filter({ hasText: t('checkout.previewing') })).toBeVisible();
      await expect(dialog.getByRole('button', { name: t('checkout.confirm') })).toBeDisabled();
    },
    'checkout.previewFailed': async ({ page, t }) => {
      const failure = confirmDialog(page, t)
        .getByRole('alert')
        .filter({ hasText: t('checkout.previewFailed') });
      await expect(failure.getByRole('button', { name: t('common.tryAgain') })).toBeVisible();
      await expect(confirmDialog(page, t).getByRole('button', { name: t('checkout.confirm') })).toBeEnabled();
    },
    'checkout.confirming': async ({ page, t }) => {
      const dialog = confirmDialog(page, t);
      await expect(dialog.getByText(textPattern(t, 'checkout.splitIntro'))).toBeVisible();
      await expect(dialog.getByRole('button', { name: t('checkout.confirm') })).toBeEnabled();
    },
    'checkout.confirmingWithoutPreview': async ({ page, t }) => {
      const dialog = confirmDialog(page, t);
      await expect(dialog.getByText(t('checkout.feesBySupplier'))).toBeVisible();
      await expect(dialog.getByRole('button', { name: t('checkout.confirm') })).toBeEnabled();
    },
    'checkout.submitting.waiting': async ({ page, t }) => {
      const dialog = confirmDialog(page, t);
      await expect(dialog.getByRole('button', { name: t('checkout.confirm') })).toBeDisabled();
      await expect(dialog.getByRole('button', { name: t('common.cancel') })).toBeDisabled();
    },
    'checkout.submitting.slow': async ({ page, t }) => {
      const dialog = confirmDialog(page, t);
      await expect(dialog.getByText(t('checkout.slowOrder'))).toBeVisible();
      await expect(dialog.getByRole('button', { name: t('common.cancel') })).toBeEnabled();
    },
    'checkout.submitFailed': async ({ page, t }) => {
      await expect(confirmDialog(page, t)).toHaveCount(0);
      await expect(
        noticeOf(page, t, 'checkout.submitFailed').getByRole('button', { name: t('common.tryAgain') }),
      ).toBeVisible();
    },
    'checkout.submitCancelled': async ({ page, t }) => {
      await expect(confirmDialog(page, t)).toHaveCount(0);
      await expect(
        noticeOf(page, t, 'checkout.submitCancelled').getByRole('button', { name: t('common.tryAgain') }),
      ).toBeVisible();
    },
    'checkout.resumable': async ({ page, t }) => {
      await expect(
        noticeOf(page, t, 'checkout.resumable').getByRole('button', { name: t('checkout.sendAgain') }),
      ).toBeVisible();
    },
    'checkout.succeeded': async ({ page, t }) => {
      await expect(drawerOf(page, t).getByRole('heading', { name: t('orderSuccess.title') })).toBeVisible();
    },
  },
  screenless: {},
};

export default checkout;

import { expect, type Page } from '@playwright/test';
import { reportedError } from '../held-calls';
import { freshUser, mailedCode, type PortalUser } from '../portal';
import type { Texts, UiMap } from '../ui-map';

/**
 * The password reset (/auth/forgot-password/, /auth/secure-code/, /auth/new-password/) for a user of
 * the test's own: the server's answers are held and let through or failed as the path says; a code
 * that must pass is the one the developer mailbox received, so the portal needs DEV_MAILBOX=1.
 */
interface Subject {
  user: PortalUser;
  /** the last code read from the mailbox, to wait for a newer one after a resend */
  lastCode?: string;
}

type Step = 'email' | 'code' | 'password';

/** The step of the flow a state id belongs to (`passwordReset.code.filling.editing` → code). */
const stepOf = (stateIds: readonly string[]): Step | undefined =>
  stateIds
    .map((id) => id.split('.')[1])
    .find((part): part is Step => ['email', 'code', 'password'].includes(part ?? ''));

const titles: Record<Step, string> = {
  email: 'auth.forgotPassword.title',
  code: 'auth.secureCode.title',
  password: 'auth.newPassword.title',
};
const submits: Record<Step, string> = {
  email: 'auth.forgotPassword.submit',
  code: 'auth.secureCode.submit',
  password: 'auth.newPassword.submit',
};

const heading = (page: Page, t: Texts, step: Step) => page.getByRole('heading', { name: t(titles[step]) });
const emailField = (page: Page, t: Texts) => page.getByLabel(t('auth.forgotPassword.email'));
const codeField = (page: Page, t: Texts) => page.getByLabel(t('auth.secureCode.code'));
const passwordField = (page: Page, t: Texts) =>
  page.getByRole('textbox', { name: t('auth.newPassword.password'), exact: true });
const repeatField = (page: Page, t: Texts) => page.getByLabel(t('auth.newPassword.repeat'));
const submitButton = (page: Page, t: Texts, step: Step) =>
  page.getByRole('button', { name: t(submits[step]), exact: true });
const resendButton = (page: Page, t: Texts) =>
  page.getByRole('button', { name: t('auth.secureCode.resend') });
const failure = (page: Page, t: Texts) =>
  page.getByRole('alert').filter({ has: page.getByRole('button', { name: t('common.retry') }) });
/** The step's live region: what its running call is doing, in words. */
const busyWords = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** A step's form as it takes input: its title, its submit button enabled, no failure. */
async function filling(page: Page, t: Texts, step: Step) {
  await expect(heading(page, t, step)).toBeVisible();
  await expect(submitButton(page, t, step)).toBeEnabled();
  await expect(failure(page, t)).toHaveCount(0);
}

const passwordReset: UiMap<Subject> = {
  machine: 'password-reset',
  needs: 'DEV_MAILBOX=1 (the codes are read from the developer mailbox, /dev/mailbox/messages.json)',
  calls: {
    // a new code is asked for with the same call (resendCode is requestCode again)
    requestCode: { method: 'POST', path: /\/api\/password-reset\/$/ },
    verifyCode: { method: 'POST', path: /\/api\/password-reset\/verify\/$/ },
    setPassword: { method: 'POST', path: /\/api\/password-reset\/confirm\/$/ },
  },
  async setup(page, { pathId, language }) {
    const user = await freshUser(page, `reset${pathId.replace(/\D/g, '')}`, language);
    await page.goto('/auth/forgot-password/');
    return { user };
  },
  events: {
    'passwordReset.changed': {
      async run({ page, event, subject, t }) {
        const { field, value } = event as unknown as { field: string; value: string };
        if (field === 'email')
          // the test's own user stands for the model's address; spaces around it stay
          await emailField(page, t).fill(value.replace(/\S+@\S+/, subject.user.email));
        else if (field === 'code') {
          // a code that can pass: the one mailed to the user (a refusal is the server's answer, held)
          subject.lastCode = await mailedCode(page, subject.user.email);
          await codeField(page, t).fill(subject.lastCode);
        } else if (field === 'password') await passwordField(page, t).fill(value);
        else if (field === 'repeatPassword') await repeatField(page, t).fill(value);
        else throw new Error(`no field ${field} on the reset's screens`);
      },
    },
    'passwordReset.submitted': {
      async run({ page, from, t }) {
        const step = stepOf(from);
        if (!step) throw new Error(`nothing to submit in ${from.join(', ')}`);
        await submitButton(page, t, step).click();
      },
    },
    'passwordReset.resendRequested': {
      run: ({ page, t }) => resendButton(page, t).click(),
    },
    'passwordReset.retried': {
      run: ({ page, t }) =>
        failure(page, t)
          .getByRole('button', { name: t('common.retry') })
          .click(),
    },
    'passwordReset.returnedTo': {
      // the browser's Back, as often as it takes to reach the step asked for
      async run({ page, event, t }) {
        const step = (event as unknown as { step: Step }).step;
        for (let backs = 0; backs < 3; backs++) {
          await page.goBack();
          if (await heading(page, t, step).isVisible()) return;
        }
        await expect(heading(page, t, step)).toBeVisible();
      },
    },
    'xstate.done.actor.requestCode': { run: ({ calls }) => calls.letThrough('requestCode') },
    'xstate.error.actor.requestCode': {
      run: ({ calls, event }) => calls.fail('requestCode', reportedError(event)),
    },
    'xstate.done.actor.resendCode': { run: ({ calls }) => calls.letThrough('requestCode') },
    'xstate.error.actor.resendCode': {
      run: ({ calls, event }) => calls.fail('requestCode', reportedError(event)),
    },
    'xstate.done.actor.verifyCode': { run: ({ calls }) => calls.letThrough('verifyCode') },
    'xstate.error.actor.verifyCode': {
      run: ({ calls, event }) => calls.fail('verifyCode', reportedError(event)),
    },
    'xstate.done.actor.setPassword': { run: ({ calls }) => calls.letThrough('setPassword') },
    'xstate.error.actor.setPassword': {
      run: ({ calls, event }) => calls.fail('setPassword', reportedError(event)),
    },
  },
  states: {
    'passwordReset.email.filling.editing': async ({ page, t }) => {
      await filling(page, t, 'email');
      await expect(emailField(page, t)).toBeEditable();
    },
    'passwordReset.email.filling.failed': async ({ page, t }) => {
      await expect(heading(page, t, 'email')).toBeVisible();
      await expect(failure(page, t)).toBeVisible();
    },
    'passwordReset.email.submitting': async ({ page, t }) => {
      await expect(submitButton(page, t, 'email')).toBeDisabled();
      await expect(busyWords(page, t('auth.forgotPassword.sending'))).toHaveCount(1);
    },
    'passwordReset.code.filling.editing': async ({ page, t }) => {
      await filling(page, t, 'code');
      await expect(codeField(page, t)).toBeEditable();
    },
    'passwordReset.code.filling.failed': async ({ page, t }) => {
      await expect(codeField(page, t)).toBeVisible();
      await expect(failure(page, t)).toBeVisible();
    },
    'passwordReset.code.submitting': async ({ page, t }) => {
      await expect(submitButton(page, t, 'code')).toBeDisabled();
      await expect(busyWords(page, t('auth.secureCode.verifying'))).toHaveCount(1);
    },
    'passwordReset.code.resending': async ({ page, t }) => {
      await expect(resendButton(page, t)).toBeDisabled();
      await expect(busyWords(page, t('auth.secureCode.resending'))).toHaveCount(1);
    },
    'passwordReset.code.resendFailed': async ({ page, t }) => {
      await expect(failure(page, t)).toBeVisible();
      await expect(codeField(page, t)).toHaveCount(0);
    },
    'passwordReset.code.needsNewCode.why.expired': async ({ page, t }) => {
      await expect(page.getByRole('alert').filter({ hasText: t('auth.secureCode.expired') })).toBeVisible();
      await expect(codeField(page, t)).toHaveCount(0);
    },
    'passwordReset.code.needsNewCode.why.triedTooOften': async ({ page, t }) => {
      await expect(
        page.getByRole('alert').filter({ hasText: t('auth.secureCode.tooManyTries') }),
      ).toBeVisible();
      await expect(codeField(page, t)).toHaveCount(0);
    },
    'passwordReset.code.needsNewCode.newCode.offered': async ({ page, t }) => {
      await expect(resendButton(page, t)).toBeEnabled();
    },
    'passwordReset.code.needsNewCode.newCode.sending': async ({ page, t }) => {
      await expect(resendButton(page, t)).toBeDisabled();
    },
    'passwordReset.password.filling.editing': async ({ page, t }) => {
      await filling(page, t, 'password');
      await expect(passwordField(page, t)).toBeEditable();
      await expect(repeatField(page, t)).toBeEditable();
    },
    'passwordReset.password.filling.failed': async ({ page, t }) => {
      await expect(passwordField(page, t)).toBeVisible();
      await expect(failure(page, t)).toBeVisible();
    },
    'passwordReset.password.submitting': async ({ page, t }) => {
      await expect(submitButton(page, t, 'password')).toBeDisabled();
      await expect(busyWords(page, t('auth.newPassword.saving'))).toHaveCount(1);
    },
    'passwordReset.notOffered': async ({ page, t }) => {
      await expect(page.getByText(t('capabilities.notOffered'))).toBeVisible();
    },
    'passwordReset.done': async ({ page, t }) => {
      await expect(page.getByText(t('auth.reset.done'))).toBeVisible();
      await expect(page.getByRole('link', { name: t('auth.reset.signIn') })).toBeVisible();
    },
  },
  screenless: {},
};

export default passwordReset;

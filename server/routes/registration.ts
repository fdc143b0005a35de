import { Hono } from 'hono';
import { validateRegistrationForm } from '../../src/domain/auth-forms';
import { registrationWire } from '../../src/services/api/wire/auth';
import { englishFieldErrors, registerCustomer } from '../accounts/registration';
import { ApiError, notFound } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { currentRequestLanguage } from '../i18n/request-language';
import { clientAddress } from '../security/client-address';
import { throttledAnswer } from '../security/throttle/refusal';

/** The wire's names of the form's fields (the form says `type`, the payload `customerType`). */
const wireFieldNames = { type: 'customerType' };

/**
 * POST /netb2b/register/ (spec points 2, 3 and 7): self-registration, without a token. Offered while
 * DEFAULT_CUSTOMER_TYPE > 0; every refusal carries the spec's `error` text next to `detail`.
 * Cheap checks come first: the form, then the throttle (per client address and for everyone per
 * minute, counting every well-formed attempt), then taken names; the password is hashed last.
 */
export function registrationRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>();

  routes.post('/register/', async (c) => {
    if (deps.defaultCustomerType <= 0) throw notFound('Registration is not offered.');
    try {
      const body = await readJsonBody(c, registrationWire);
      const { customerType, ...fields } = body;
      const checked = validateRegistrationForm({ type: customerType, ...fields });
      if (!checked.ok)
        throw new ApiError(400, {
          detail: 'The registration form has invalid fields.',
          code: 'invalid',
          errors: englishFieldErrors(checked.errors, wireFieldNames),
        });
      const wait = await deps.throttle.registration(clientAddress(c, deps.trustProxy));
      if (wait > 0) throw throttledAnswer('registrations', wait);
      // the new main user's language is the one the form was read in
      await registerCustomer(deps.db, checked.value, currentRequestLanguage(), deps.now(), deps.hashPassword);
      return c.json({ detail: 'Your account has been created. You can sign in now.' }, 201);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 400 || error.status === 429))
        throw new ApiError(error.status, { ...error.body, error: error.body.detail }, error.headers);
      throw error;
    }
  });

  return routes;
}

import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Kysely } from 'kysely';
import { withLockWaitBudget } from './db/lock-wait-budget';
import type { Database } from './db/schema';
import { callsForRetryLater } from './db/unavailable';
import type { DeploymentConfig } from './deployment-config';
import { flowScreensRoutes } from './flow-screens/flow-screens-routes';
import { flowSignOffRoutes } from './flow-sign-offs/flow-sign-off-routes';
import { flowUsageRoutes } from './flow-usage/flow-usage-routes';
import { ApiError } from './http/api-error';
import { upstreamProxy } from './http/api-proxy';
import type { AppDeps, AppEnv } from './http/app-env';
import { compressJson } from './http/compress-json';
import { portalCors } from './http/cors';
import { refuseControlCharactersInQuery } from './http/query-params';
import { logUnavailable, serviceUnavailable } from './http/service-unavailable';
import { requestLanguageContext } from './i18n/request-language';
import type { JobQueue } from './imports/job-queue';
import { integrationRoutes } from './integration/integration-routes';
import type { MailSender } from './mail/outbox';
import { type ApiProfile, specProfile } from './profile/spec-profile';
import { accountInfoRoutes } from './routes/account-info';
import { announcementRoutes } from './routes/announcements';
import { authRoutes } from './routes/auth';
import { bafRoutes } from './routes/baf';
import { campaignRoutes } from './routes/campaigns';
import { capabilityRoutes } from './routes/capabilities';
import { cartItemRoutes } from './routes/cart-items';
import { catalogueRoutes } from './routes/catalogue';
import { companyInfoRoutes } from './routes/company-info';
import { customerAccountRoutes } from './routes/customer-accounts';
import { deliveryCalendarRoutes, supplierDeliveryCalendarRoutes } from './routes/delivery-calendar';
import { devMailboxRoutes } from './routes/dev-mailbox';
import { documentRoutes } from './routes/documents';
import { errorRoutes } from './routes/errors';
import { favouriteListRoutes } from './routes/favourite-lists';
import { healthRoutes } from './routes/health';
import { invoiceRoutes } from './routes/invoices';
import { mediaRoutes } from './routes/media';
import { notificationRoutes } from './routes/notifications';
import { orderAmendmentRoutes } from './routes/order-amendments';
import { orderRoutes } from './routes/orders';
import { passwordResetRoutes } from './routes/password-reset';
import { productRoutes } from './routes/products';
import { productsByGtinRoutes } from './routes/products-by-gtin';
import { registrationRoutes } from './routes/registration';
import { spaRoutes } from './routes/spa';
import { devStandingOrderRoutes, standingOrderRoutes } from './routes/standing-orders';
import { substituteRoutes } from './routes/substitutes';
import { supplierDeliveryRoutes } from './routes/supplier-deliveries';
import { supplierInvoiceRoutes } from './routes/supplier-invoices';
import { webManifestRoutes } from './routes/web-manifest';
import { csrfProtection } from './security/csrf';
import { hashPassword as scryptHash, verifyPassword as scryptVerify } from './security/passwords';
import { requireUser } from './security/require-user';
import { contentSecurityPolicy, securityHeaders } from './security/security-headers';
import { defaultThrottleLimits, type ThrottleLimits, throttleRulesWith } from './security/throttle/rules';
import { createThrottle, defaultThrottleTiming, type ThrottleTiming } from './security/throttle/throttle';
import { createTokenService } from './security/tokens';
import { SITE_NAME } from './site-configuration';
import { staffImportRoutes, staffRoutes } from './staff/staff-routes';
import { requireSupplierKey } from './supplier-api/require-supplier-key';

export interface ServerAppOptions {
  db: Kysely<Database>;
  jwtSecret: string;
  /** the built SPA (vite's dist/) */
  distDir: string;
  /** the clock, replaceable so tests can step past token expiry and throttle windows */
  now?: () => Date;
  /** the sign-in limits; the other throttle rules are fixed (server/security/throttle/rules.ts) */
  throttleLimits?: ThrottleLimits;
  /** how long a credential check waits for checks in flight (tests shorten it) */
  throttleTiming?: ThrottleTiming;
  /** the password check (tests wrap it to count the checks) */
  verifyPassword?: AppDeps['verifyPassword'];
  /** the password hashing of registration and password changes (tests wrap it to count them) */
  hashPassword?: AppDeps['hashPassword'];
  /** TRUST_PROXY: how many reverse proxies stand in front; 0 (default) trusts no forwarded header */
  trustProxy?: number;
  /** DEFAULT_CUSTOMER_TYPE (default 1); 0 switches self-registration off */
  defaultCustomerType?: number;
  /** DEV_MAILBOX=1: /dev/mailbox/ shows the outbox to loopback connections; otherwise it answers 404 */
  devMailbox?: boolean;
  /** DEV_CLOCK=1: POST /api/dev/standing-orders/run runs the standing orders' scheduler as of any instant */
  devClock?: boolean;
  /** sends the outbox's mails (SMTP_URL); without it they stay in the outbox */
  sendMail?: MailSender;
  /** the import jobs' queue (server/imports/import-worker.ts), created once by the server's wiring */
  importQueue?: JobQueue;
  /** READINESS_TIMEOUT_MS: how long /readyz waits for the database (default 2 s) */
  readinessTimeoutMs?: number;
  /** SUPPLIER_API_KEY: the bearer key of /api/supplier/; unset, that API answers 404 */
  supplierApiKey?: string;
  /** API_BASE, API_UPSTREAM, IMAGE_ORIGIN, CORS_ORIGINS (server/deployment-config.ts); unset, the API is this server's /api */
  deployment?: DeploymentConfig;
  /** the fetch that reaches API_UPSTREAM (tests put an app there) */
  upstreamFetch?: typeof fetch;
  /** true once SIGTERM arrived: /readyz answers 503 so a load balancer stops sending work */
  isShuttingDown?: () => boolean;
  /** API_PROFILE=spec: /api answers only SPEC.md point 7's calls, with point 3's fields (server/profile/) */
  apiProfile?: ApiProfile;
  /** FLOW_USAGE_COUNTS=1: portals report how often customers take each transition (counts only) */
  flowUsageCounts?: boolean;
  /** FLOW_SCREENS_DIR: the screenshots of the flows' states (`npm run flows:screens`); unset, none are shown */
  flowScreensDir?: string;
}

const MAX_BODY_BYTES = 1024 * 1024;

/** The whole server as a Hono app: `app.fetch` for a real port, `app.request` in tests. */
export function createServerApp({
  db,
  jwtSecret,
  distDir,
  now = () => new Date(),
  throttleLimits = defaultThrottleLimits,
  throttleTiming = defaultThrottleTiming,
  verifyPassword = scryptVerify,
  hashPassword = scryptHash,
  trustProxy = 0,
  defaultCustomerType = 1,
  devMailbox = false,
  devClock = false,
  sendMail,
  importQueue,
  readinessTimeoutMs = 2_000,
  isShuttingDown = () => false,
  supplierApiKey,
  deployment,
  upstreamFetch,
  apiProfile = 'full',
  flowUsageCounts = false,
  flowScreensDir,
}: ServerAppOptions) {
  const deps: AppDeps = {
    db,
    now,
    tokens: createTokenService(jwtSecret, now),
    // in the database: every process on it shares the counts
    throttle: createThrottle(db, now, throttleRulesWith(throttleLimits), throttleTiming),
    verifyPassword,
    hashPassword,
    trustProxy,
    defaultCustomerType,
    codeSecret: jwtSecret,
    sendMail,
    importQueue,
    apiProfile,
  };
  const app = new Hono<AppEnv>();

  // One budget per request for waiting on another process's SQLite write lock.
  app.use('*', (_c, next) => withLockWaitBudget(next));
  // The API and its images may be on the supplier's host: the policy allows exactly those origins.
  const policy = contentSecurityPolicy(deployment);
  app.use('*', securityHeaders({ trustProxy, policy }));
  // The portal on another origin (CORS_ORIGINS); before the CSRF check, which its preflight skips.
  if (deployment?.corsOrigins.length) app.use('/api/*', portalCors(deployment.corsOrigins));
  // The supplier's systems (server/integration/): before the CSRF check, because a key travels in
  // the Authorization header, which a page on another site cannot send, and no cookie is read; and
  // outside `api`, whose 1 MB body limit would refuse the job routes' streamed files of up to 200 MB.
  // In front of API_UPSTREAM this server's database is not the portal's: there is nothing to load.
  if (!deployment?.apiUpstream) app.route('/api/integration/v1', integrationRoutes(deps));
  // In front of API_UPSTREAM nothing here needs protecting, and the upstream's own CSRF cookie
  // must pass both ways untouched (a second csrftoken from this server would shadow it).
  if (!deployment?.apiUpstream)
    app.use('*', csrfProtection({ trustProxy, portalOrigins: deployment?.corsOrigins ?? [] }));
  // The staff console's uploads: after the CSRF check (the console is a page), outside `api` and
  // its 1 MB body limit like the integration API's job routes, which they are (server/staff/).
  if (!deployment?.apiUpstream) app.route('/api/staff/imports', staffImportRoutes(deps));

  const api = new Hono<AppEnv>();
  // JSON answers of 1 kB and more go out as brotli or gzip, error answers included.
  api.use('*', compressJson);
  // The conformance profile: before every route, so a call outside the table never reaches one.
  if (apiProfile === 'spec') api.use('*', specProfile());
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ detail: 'The request body is too large.', code: 'payload_too_large' }, 413),
  });
  // GET and HEAD requests have no body (the fetch Request never carries one, so bodyLimit lets them
  // through anyway); asking for `c.req.raw.body` made @hono/node-server build a full undici Request
  // and an AbortSignal for every search and page read, a cost that showed under load.
  api.use('*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next),
  );
  // The request's language, read from Accept-Language here only: routes and queries ask
  // currentRequestLanguage(), so every answer of one request is in one language.
  api.use('*', requestLanguageContext);
  // NUL and other control characters in a query string: the same 400 on both engines.
  api.use('*', refuseControlCharactersInQuery);
  api.route('/', capabilityRoutes({ flowUsage: flowUsageCounts }));
  api.route('/', authRoutes(deps));
  // Account access without a session: the forgotten password.
  api.route('/', passwordResetRoutes(deps));
  // Error reports (spec point 8): signed in or not, so outside the signed-in-only areas.
  api.route('/', errorRoutes(deps));
  api.route('/baf', bafRoutes(deps));
  api.use('/baf/announcements/*', requireUser(deps));
  api.route('/baf', announcementRoutes(deps));
  // Self-registration needs no token, so it comes before the trade module's guard.
  api.route('/netb2b', registrationRoutes(deps));
  // Everything else of the trade module is for signed-in customers only.
  api.use('/netb2b/*', requireUser(deps));
  api.route('/netb2b', catalogueRoutes(deps));
  api.route('/netb2b', productRoutes(deps));
  api.route('/netb2b', productsByGtinRoutes(deps));
  api.route('/netb2b', campaignRoutes(deps));
  api.route('/netb2b', notificationRoutes(deps));
  api.route('/netb2b', cartItemRoutes(deps));
  api.route('/netb2b', orderRoutes(deps));
  api.route('/netb2b', orderAmendmentRoutes(deps));
  api.route('/netb2b', invoiceRoutes(deps));
  api.route('/netb2b', deliveryCalendarRoutes(deps));
  // Favourite lists and documents; each refuses demo accounts itself (server/security/refuse-demo.ts).
  api.route('/netb2b', favouriteListRoutes(deps));
  api.route('/netb2b', substituteRoutes(deps));
  api.route('/netb2b', documentRoutes(deps));
  api.route('/netb2b', standingOrderRoutes(deps));
  // Settings: the company, its addresses and users, and the caller's own account.
  api.use('/petekcore/*', requireUser(deps));
  api.route('/petekcore', companyInfoRoutes(deps));
  api.route('/petekcore', customerAccountRoutes(deps));
  api.route('/', accountInfoRoutes(deps));
  // The supplier's systems: absent (404) unless SUPPLIER_API_KEY is set.
  api.use('/supplier/*', requireSupplierKey(supplierApiKey));
  api.route('/supplier', supplierDeliveryRoutes(deps));
  api.route('/supplier', supplierInvoiceRoutes(deps));
  api.route('/supplier', supplierDeliveryCalendarRoutes(deps));
  // The supplier's staff console: its own sign-in and token (server/staff/).
  api.route('/staff', staffRoutes(deps));
  // The statechart studio's sign-offs: flow reviewers only (server/flow-sign-offs/).
  api.route('/studio', flowSignOffRoutes(deps));
  // The screenshots of the flows' states, from FLOW_SCREENS_DIR: flow reviewers only (server/flow-screens/).
  api.route('/studio/flow-screens', flowScreensRoutes(deps, flowScreensDir));
  // Customers' transition counts and the studio's view of them, only when the supplier turns them on.
  if (flowUsageCounts) api.route('/', flowUsageRoutes(deps));
  if (devClock) api.route('/dev', devStandingOrderRoutes(deps));
  // Not `not_found` ("no such record"): the portal reads this code as a call the server does not have.
  api.all('*', (c) => c.json({ detail: 'Not found.', code: 'no_such_call' }, 404));

  if (deployment?.apiUpstream) {
    // In front of the supplier's backend: its API and its media (root-relative image paths), not ours.
    const upstream = deployment.apiUpstream;
    const passOn = {
      trustProxy,
      maxBodyBytes: MAX_BODY_BYTES,
      ...(upstreamFetch ? { fetch: upstreamFetch } : {}),
    };
    app.route('/api', upstreamProxy({ ...passOn, mountPath: '/api', upstream }));
    app.route(
      '/media',
      upstreamProxy({ ...passOn, mountPath: '/media', upstream: new URL('/media/', upstream) }),
    );
  } else {
    app.route('/api', api);
    app.route('/media', mediaRoutes(deps));
  }
  // The developer mailbox (outside /api, before the SPA fallback); 404 unless DEV_MAILBOX=1.
  app.route('/dev', devMailboxRoutes(deps, devMailbox));
  // Health checks for a process manager and a load balancer (outside /api, before the SPA).
  app.route('/', healthRoutes(db, { readinessTimeoutMs, isShuttingDown }));
  // The installed portal's name is the supplier's; with API_UPSTREAM the backend's configuration is not
  // ours to read, and the build's default manifest (dist/manifest.webmanifest) is served instead.
  if (!deployment?.apiUpstream) app.route('/', webManifestRoutes({ siteName: SITE_NAME }));
  app.route('/', spaRoutes(distDir, { policy, ...(deployment ? { apiBase: deployment.apiBase } : {}) }));

  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.body, error.status, error.headers);
    // The database away, too slow, busy or out of storage: the same request will work again, so no 500.
    if (callsForRetryLater(error)) {
      logUnavailable(c.req.method, c.req.path, error);
      return serviceUnavailable(c);
    }
    console.error(`${c.req.method} ${c.req.path} failed:`, error);
    return c.json({ detail: 'Internal server error.', code: 'server_error' }, 500);
  });
  return app;
}

export type ServerApp = ReturnType<typeof createServerApp>;

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { IntegrationScope } from '../imports/import-kind';
import type { JobQueue } from '../imports/job-queue';
import type { MailSender } from '../mail/outbox';
import type { ApiProfile } from '../profile/spec-profile';
import type { Throttle } from '../security/throttle/throttle';
import type { TokenService } from '../security/tokens';

/** The signed-in caller, as read from the database for each authenticated request. */
export interface CurrentUser {
  id: number;
  companyId: number;
  username: string;
  language: string;
  isDemo: boolean;
  isAdmin: boolean;
  /** the refresh-token family (sign-in) the access token belongs to */
  sessionFamily: string;
}

/** What every route needs, built once by createServerApp. */
export interface AppDeps {
  db: Kysely<Database>;
  tokens: TokenService;
  /** every credential check and flood-prone request, counted in the database */
  throttle: Throttle;
  now: () => Date;
  /** the password check of sign-in and password change (replaceable so tests can count the checks) */
  verifyPassword: (password: string, stored: string) => Promise<boolean>;
  /** the hashing of a new password (replaceable so tests can count it) */
  hashPassword: (password: string) => Promise<string>;
  /** X-Forwarded-For hops to trust (TRUST_PROXY); 0 = the socket peer is the client */
  trustProxy: number;
  /** DEFAULT_CUSTOMER_TYPE: > 0 offers self-registration */
  defaultCustomerType: number;
  /** the secret of the password-reset codes' HMAC */
  codeSecret: string;
  /** sends the outbox's mails (SMTP_URL); undefined keeps them in the outbox */
  sendMail: MailSender | undefined;
  /** API_PROFILE: 'spec' answers as the specification's backend, without what lies beyond it */
  apiProfile: ApiProfile;
  /** delivers import jobs to a worker (server/imports/job-queue.ts); without one a job waits for the next poll or sweep */
  importQueue?: JobQueue | undefined;
}

/** A signed-in staff console user (server/staff/require-staff.ts). */
export interface CurrentStaff {
  id: number;
  username: string;
  name: string;
}

/** The integration key a call to /api/integration/v1/ came with (server/integration/require-integration-key.ts). */
export interface CurrentIntegrationKey {
  id: number;
  name: string;
  scopes: readonly IntegrationScope[];
}

export interface AppEnv {
  Variables: {
    /** set by requireStaff on /api/staff/ */
    staff: CurrentStaff;
    user: CurrentUser;
    /** set by requireIntegrationKey on /api/integration/v1/ */
    integrationKey: CurrentIntegrationKey;
    /**
     * The catalogue version read with the sign-in check at the start of the request (require-user);
     * read it through `requestCatalogueVersion`, which reads it itself where no sign-in check ran.
     */
    catalogueVersion: string | undefined;
  };
}

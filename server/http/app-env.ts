import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { LoginThrottle } from '../security/login-throttle';
import type { TokenService } from '../security/tokens';

/** The signed-in caller, as read from the database for each authenticated request. */
export interface CurrentUser {
  id: number;
  companyId: number;
  username: string;
  language: string;
  isDemo: boolean;
  isAdmin: boolean;
}

/** What every route needs, built once by createServerApp. */
export interface AppDeps {
  db: Kysely<Database>;
  tokens: TokenService;
  throttle: LoginThrottle;
  now: () => Date;
}

export interface AppEnv {
  Variables: { user: CurrentUser };
}

import type { Configuration, Language } from '../../domain/types';
import { createAccessTokenHolder } from './accessToken';
import { type LoginCredentials, login, refresh, type SignedIn } from './auth';
import { fetchConfiguration, fetchLanguages, updateLanguage } from './baf';
import { createHttpClient, type HttpClient, type HttpClientOptions } from './client';
import type { ErrorReport } from './error-reports';
import { signedInAreaMethods } from './signed-in-area-methods';
import type { SignedInAreasApi } from './signed-in-areas';

type CallOptions = { signal?: AbortSignal | undefined };

/**
 * The one API object the machines receive (as input). It owns the in-memory access
 * token so that every authenticated call and the single-flight refresh share it.
 */
export interface PortalApi extends SignedInAreasApi {
  login(credentials: LoginCredentials, options?: CallOptions): Promise<SignedIn>;
  /** single flight: a refresh requested while one runs gets that one's result */
  refresh(refreshToken: string, options?: CallOptions): Promise<SignedIn>;
  /** forgets the in-memory access token (logout, or the session ended) */
  signOut(): void;
  configuration(options?: CallOptions): Promise<Configuration>;
  languages(options?: CallOptions): Promise<Language[]>;
  updateLanguage(languageId: number, options?: CallOptions): Promise<Language>;
  /** POST /errors/ (spec point 8); never rejects: a report that cannot be sent is dropped */
  reportError(report: ErrorReport, options?: CallOptions): Promise<void>;
}

export type PortalApiOptions = Omit<HttpClientOptions, 'getAccessToken'>;

export function createPortalApi(options: PortalApiOptions): PortalApi {
  const accessToken = createAccessTokenHolder();
  const http = createHttpClient({ ...options, getAccessToken: () => accessToken.current() });
  const accessOf = (signedIn: SignedIn) => signedIn.tokens.access;
  return {
    ...lazySignedInAreas(http),
    async login(credentials, callOptions) {
      const signedIn = await login(http, credentials, callOptions);
      accessToken.set(signedIn.tokens.access);
      return signedIn;
    },
    // No abort signal: other waiters depend on this refresh, so one caller stopping must not cancel it.
    refresh: (refreshToken) => accessToken.refreshOnce(() => refresh(http, refreshToken), accessOf),
    signOut: () => accessToken.set(null),
    configuration: (callOptions) => fetchConfiguration(http, callOptions),
    languages: (callOptions) => fetchLanguages(http, callOptions),
    updateLanguage: (languageId, callOptions) => updateLanguage(http, languageId, callOptions),
    // Loaded on the first report, not with the login route: reports are rare and never urgent.
    reportError: (report, callOptions) =>
      import('./error-reports').then(
        (module) => module.reportError(http, report, callOptions),
        () => undefined,
      ),
  };
}

/**
 * The catalogue, cart, orders and quick-order calls with their wire schemas load on the first call, so
 * the login route (budget 130 kB gzip) does not ship them. Every one of them returns a promise, so a
 * stand-in that awaits the module and then calls the real method behaves the same for the caller.
 */
function lazySignedInAreas(http: HttpClient): SignedInAreasApi {
  let areas: Promise<SignedInAreasApi> | undefined;
  const load = () => {
    areas ??= import('./signed-in-areas').then((module) => module.createSignedInAreas(http));
    return areas;
  };
  const standIns: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const method of signedInAreaMethods) {
    standIns[method] = async (...args) => {
      const real = (await load())[method] as (...callArgs: unknown[]) => Promise<unknown>;
      return real(...args);
    };
  }
  return standIns as unknown as SignedInAreasApi;
}

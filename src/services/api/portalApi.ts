import type { Configuration, Language } from '../../domain/types';
import { createAccessTokenHolder } from './accessToken';
import type { AccountAccessApi } from './account-access';
import { accountAccessMethods } from './account-access-methods';
import { type LoginCredentials, login, refresh, type SignedIn } from './auth';
import { fetchConfiguration, fetchLanguages, updateLanguage } from './baf';
import type { Capability } from './capabilities';
import { createHttpClient, type HttpClientOptions } from './client';
import type { ErrorReport } from './error-reports';
import type { SignedInAreasApi } from './signed-in-areas';

type CallOptions = { signal?: AbortSignal | undefined };

/**
 * The one API object the machines receive (as input). It owns the in-memory access
 * token so that every authenticated call and the single-flight refresh share it.
 */
export interface PortalApi extends SignedInAreasApi, AccountAccessApi {
  login(credentials: LoginCredentials, options?: CallOptions): Promise<SignedIn>;
  /** single flight: a refresh requested while one runs gets that one's result */
  refresh(refreshToken: string, options?: CallOptions): Promise<SignedIn>;
  /** forgets the in-memory access token (logout, or the session ended) */
  signOut(): void;
  configuration(options?: CallOptions): Promise<Configuration>;
  languages(options?: CallOptions): Promise<Language[]>;
  /** the answer is "not shown" (SPEC point 7): any 2xx body means accepted */
  updateLanguage(languageId: number, options?: CallOptions): Promise<void>;
  /** GET capabilities/: what the backend offers beyond the specification; none when it has no such call */
  capabilities(options?: CallOptions): Promise<Capability[]>;
  /** POST /errors/ (spec point 8); never rejects: a report that cannot be sent is dropped */
  reportError(report: ErrorReport, options?: CallOptions): Promise<void>;
}

export type PortalApiOptions = Omit<HttpClientOptions, 'getAccessToken'> & {
  /** a capability's call was answered as one the backend does not have (405, 501, a bare 404) */
  onMissingCall?: (capability: Capability) => void;
  /** true when the backend is known to lack the capability (its discovery said so, or a call showed it) */
  lacks?: (capability: Capability) => boolean;
};

export function createPortalApi(options: PortalApiOptions): PortalApi {
  const accessToken = createAccessTokenHolder();
  const { onMissingCall = () => undefined, lacks = () => false, ...httpOptions } = options;
  const http = createHttpClient({ ...httpOptions, getAccessToken: () => accessToken.current() });
  const accessOf = (signedIn: SignedIn) => signedIn.tokens.access;
  const loadSignedInAreas = once(() =>
    import('./signed-in-areas').then((module) =>
      module.reportingMissingCalls(
        module.createSignedInAreas(http),
        module.signedInCallCapabilities,
        onMissingCall,
        lacks,
      ),
    ),
  );
  const loadAccountAccess = once(() =>
    import('./account-access').then((access) =>
      import('./call-capabilities').then((calls) =>
        calls.reportingMissingCalls(
          access.accountAccessApi(http),
          calls.accessCallCapabilities,
          onMissingCall,
          lacks,
        ),
      ),
    ),
  );
  const accountAccessCalls: ReadonlySet<string> = new Set(accountAccessMethods);
  const eager: Omit<PortalApi, keyof SignedInAreasApi | keyof AccountAccessApi> = {
    // Loaded on first use (at start, without waiting for it): the names list stays off the login route.
    capabilities: (callOptions) =>
      import('./discover-capabilities').then((module) => module.discoverCapabilities(http, callOptions)),
    async login(credentials, callOptions) {
      const signedIn = await login(http, credentials, callOptions);
      accessToken.set(signedIn.tokens.access);
      return signedIn;
    },
    // Only a caller nobody else waits for passes a signal (the session's restore at start):
    // otherwise other waiters depend on this refresh, and one caller stopping must not cancel it.
    refresh: (refreshToken, callOptions) =>
      accessToken.refreshOnce(() => refresh(http, refreshToken, callOptions), accessOf),
    signOut: () => accessToken.set(null),
    configuration: (callOptions) => fetchConfiguration(http, callOptions),
    languages: (callOptions) => fetchLanguages(http, callOptions),
    updateLanguage: (languageId, callOptions) => updateLanguage(http, languageId, callOptions),
    // Loaded on the first report, not with the login route: reports are rare and never urgent.
    reportError: async (report, callOptions) => {
      if (lacks('errorReports')) return;
      return import('./error-reports').then(
        (module) => module.reportError(http, report, callOptions),
        () => undefined,
      );
    },
  };
  return withLazyCalls(eager, (name) =>
    accountAccessCalls.has(name) ? loadAccountAccess() : loadSignedInAreas(),
  ) as PortalApi;
}

const once = <T>(load: () => Promise<T>) => {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
};

/**
 * The signed-in areas' and account-access calls load their code and wire schemas on the first call,
 * so the login route (budget 130 kB gzip) ships neither them nor a list of their names: any name the
 * eager calls do not have reads as a stand-in that awaits its module, then calls the real method.
 * Every such call returns a promise, so the caller cannot tell the stand-in from the real one. `then`
 * stays undefined, or awaiting the API object would take it for a promise. Stand-ins are kept, so a
 * call read twice is the same function.
 */
function withLazyCalls<T extends object>(eager: T, moduleOf: (name: string) => Promise<object>): T {
  const standIns = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  return new Proxy(eager, {
    get(target, name, receiver) {
      if (typeof name !== 'string' || name === 'then' || name in target)
        return Reflect.get(target, name, receiver);
      let standIn = standIns.get(name);
      if (!standIn) {
        standIn = async (...args) => {
          const real = (await moduleOf(name))[name as keyof object] as (...a: unknown[]) => Promise<unknown>;
          return real(...args);
        };
        standIns.set(name, standIn);
      }
      return standIn;
    },
  });
}

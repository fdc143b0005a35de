import type { Configuration, Language } from '../../domain/types';
import { createAccessTokenHolder } from './accessToken';
import { type LoginCredentials, login, refresh, type SignedIn } from './auth';
import { fetchConfiguration, fetchLanguages, updateLanguage } from './baf';
import { type CartApi, cartApi } from './cart';
import { type CatalogueApi, createCatalogueApi } from './catalogue';
import { createHttpClient, type HttpClientOptions } from './client';
import { type OrdersApi, ordersApi } from './orders';
import { type QuickOrderApi, quickOrderApi } from './quick-order';

type CallOptions = { signal?: AbortSignal | undefined };

/**
 * The one API object the machines receive (as input). It owns the in-memory access
 * token so that every authenticated call and the single-flight refresh share it.
 */
export interface PortalApi extends CatalogueApi, CartApi, OrdersApi, QuickOrderApi {
  login(credentials: LoginCredentials, options?: CallOptions): Promise<SignedIn>;
  /** single flight: a refresh requested while one runs gets that one's result */
  refresh(refreshToken: string, options?: CallOptions): Promise<SignedIn>;
  /** forgets the in-memory access token (logout, or the session ended) */
  signOut(): void;
  configuration(options?: CallOptions): Promise<Configuration>;
  languages(options?: CallOptions): Promise<Language[]>;
  updateLanguage(languageId: number, options?: CallOptions): Promise<Language>;
}

export type PortalApiOptions = Omit<HttpClientOptions, 'getAccessToken'>;

export function createPortalApi(options: PortalApiOptions): PortalApi {
  const accessToken = createAccessTokenHolder();
  const http = createHttpClient({ ...options, getAccessToken: () => accessToken.current() });
  const accessOf = (signedIn: SignedIn) => signedIn.tokens.access;
  return {
    ...createCatalogueApi(http),
    ...cartApi(http),
    ...ordersApi(http),
    ...quickOrderApi(http),
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
  };
}

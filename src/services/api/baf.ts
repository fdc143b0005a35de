import * as z from 'zod/mini';
import type { Configuration, Language } from '../../domain/types';
import type { HttpClient } from './client';
import { configurationWire, languageWire, toConfiguration, toLanguage } from './wire/site';

type CallOptions = { signal?: AbortSignal | undefined };

/** GET /baf/configuration/ (public: the login screen needs the logo) */
export function fetchConfiguration(http: HttpClient, options: CallOptions = {}): Promise<Configuration> {
  return http.call(
    { method: 'get', path: 'baf/configuration/', auth: false, signal: options.signal },
    configurationWire,
    toConfiguration,
  );
}

/** GET /baf/languages/ (public) */
export function fetchLanguages(http: HttpClient, options: CallOptions = {}): Promise<Language[]> {
  return http.call(
    { method: 'get', path: 'baf/languages/', auth: false, signal: options.signal },
    z.array(languageWire),
    (list) => list.map(toLanguage),
  );
}

/**
 * POST /baf/update-language/ {language: id}. The answer is "not shown" (spec point 7): any 2xx body,
 * empty included, is success, and the caller goes on with the language it chose.
 */
export function updateLanguage(
  http: HttpClient,
  languageId: number,
  options: CallOptions = {},
): Promise<void> {
  return http.send({
    method: 'post',
    path: 'baf/update-language/',
    json: { language: languageId },
    signal: options.signal,
  });
}

import * as z from 'zod/mini';

/** `/config.json`, fetched at boot so one build serves any backend. */
export const runtimeConfigWire = z.object({ apiBase: z.string().check(z.minLength(1)) });
export type RuntimeConfig = z.infer<typeof runtimeConfigWire>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = globalThis.fetch,
  url = '/config.json',
): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { Accept: 'application/json' } });
  } catch (error) {
    throw new ConfigError(`Could not fetch ${url}: ${String(error)}`, { cause: error });
  }
  if (!response.ok) throw new ConfigError(`Could not fetch ${url}: HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new ConfigError(`${url} is not JSON`, { cause: error });
  }
  const parsed = z.safeParse(runtimeConfigWire, body);
  if (!parsed.success) {
    throw new ConfigError(
      `${url} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}

import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { MAX_ID } from '../../src/services/api/wire/primitives';
import {
  type BodyEndpoint,
  bodyEndpoints,
  startBodyEndpointServer,
  withField,
} from './support/body-endpoints';
import type { Caller } from './support/signed-in-calls';
import type { TestServer } from './support/test-server';

// A fuzz over the wire schemas. Every endpoint that reads a body gets bodies shaped like
// the real ones with junk mixed in (ids out of range, control characters, wrong types, nesting,
// nothing at all) and must never answer 5xx, on SQLite or on PostgreSQL. The seed is fixed so a
// failure reproduces; FUZZ_SEED=<n> tries another one.

const SEED = Number(process.env.FUZZ_SEED ?? 14_2026);
const RUNS_PER_ENDPOINT = 24;

// The names are known before the fixtures exist (the tests are listed before beforeAll runs).
const ENDPOINT_NAMES = bodyEndpoints({ productId: 1, cartItemId: 1, listId: 1, companyInfo: {} }).map(
  (endpoint) => endpoint.name,
);

let server: TestServer;
let buyer: Caller;
let anonymous: Caller;
let endpoints: BodyEndpoint[];

beforeAll(async () => {
  ({ server, buyer, anonymous, endpoints } = await startBodyEndpointServer());
});
afterAll(() => server.close());

const nasty = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u001b',
  '\u007f',
  '\u0085',
  '\n',
  '\r',
  '\t',
  '\ud800',
  '\u2028',
  'é',
  '🍎',
);
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: fc.oneof(nasty, fc.constantFrom('a', '1', ' ', '@', '.')), maxLength: 12 }),
  fc.constantFrom('', ' ', "'; DROP TABLE users; --", '%00', 'x'.repeat(5000)),
);
const junkNumber = fc.oneof(
  fc.constantFrom(0, -1, 2 ** 31, MAX_ID, 2 ** 32, 2 ** 53, -(2 ** 31), 1e308, 1.5, -0.5, 1e21, 1e-7),
  fc.integer(),
  fc.double({ noNaN: true }),
);
const idLike = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 40 }) },
  { weight: 2, arbitrary: junkNumber },
);
const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.anything({ maxDepth: 3, maxKeys: 3 }),
);

/** What a field may hold: a likely value most of the time, anything else now and then. */
function fieldArb(sample: unknown, path: string, endpoint: BodyEndpoint): fc.Arbitrary<unknown> {
  if (endpoint.ids.includes(path)) return fc.oneof({ weight: 5, arbitrary: idLike }, wrongType);
  if (endpoint.texts.includes(path)) return fc.oneof({ weight: 5, arbitrary: text }, wrongType, junkNumber);
  if (Array.isArray(sample)) {
    const element = fieldArb(sample[0], `${path}.0`, endpoint);
    return fc.oneof({ weight: 5, arbitrary: fc.array(element, { maxLength: 3 }) }, wrongType);
  }
  if (sample !== null && typeof sample === 'object') {
    const entries = Object.entries(sample as Record<string, unknown>);
    const shape = Object.fromEntries(
      entries.map(([key, value]) => [key, fieldArb(value, path ? `${path}.${key}` : key, endpoint)]),
    );
    // every key may go missing; now and then an unknown key joins
    const record = fc.record(shape, { requiredKeys: [] });
    const withExtra = fc
      .tuple(record, fc.string({ maxLength: 6 }), fc.anything({ maxDepth: 2 }))
      .map(([body, key, value]) => ({ ...body, [key]: value }));
    return fc.oneof({ weight: 6, arbitrary: record }, withExtra, wrongType);
  }
  if (typeof sample === 'number') return fc.oneof(fc.constant(sample), junkNumber, text, wrongType);
  if (typeof sample === 'string')
    return fc.oneof({ weight: 2, arbitrary: fc.constant(sample) }, text, junkNumber, wrongType);
  return fc.oneof(fc.constant(sample), wrongType, junkNumber);
}

const deepArray = `${'['.repeat(2000)}${']'.repeat(2000)}`;
const deepObject = `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`;

/** The dotted paths of every leaf of a body (array elements as index 0). */
function leafPaths(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.length ? leafPaths(value[0], `${path}.0`) : [path];
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => leafPaths(inner, path ? `${path}.${key}` : key));
  return [path.replace(/^\./, '')];
}

/**
 * The real body with one or two fields replaced: the rest stays valid, so the odd value gets past
 * the other checks to wherever it would hurt (a query, a transaction).
 */
function mutatedArb(endpoint: BodyEndpoint): fc.Arbitrary<unknown> {
  const paths = leafPaths(endpoint.body);
  const change = fc.tuple(fc.constantFrom(...paths), fc.oneof(idLike, text, junkNumber, wrongType));
  return fc
    .array(change, { minLength: 1, maxLength: 2 })
    .map((changes) =>
      changes.reduce<unknown>((body, [path, value]) => withField(body, path, value), endpoint.body),
    );
}

/** A whole request body: mostly shaped like the endpoint's, else anything, as JSON text or not. */
const bodyArb = (endpoint: BodyEndpoint): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 8, arbitrary: mutatedArb(endpoint).map((body) => JSON.stringify(body) ?? 'null') },
    {
      weight: 4,
      arbitrary: fieldArb(endpoint.body, '', endpoint).map((body) => JSON.stringify(body) ?? 'null'),
    },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 4 }).map((body) => JSON.stringify(body) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', 'null', '[]', '{', '{"items":', deepArray, deepObject, '\u0000'),
    },
  );

async function fuzz(name: string, property: fc.IAsyncPropertyWithHooks<unknown[]>) {
  try {
    await fc.assert(property, { seed: SEED, numRuns: RUNS_PER_ENDPOINT, endOnFailure: true });
  } catch (error) {
    console.error(`wire fuzz of ${name} failed with seed ${SEED} (rerun with FUZZ_SEED=${SEED})`);
    throw error;
  }
}

describe('every body-taking endpoint answers below 500 whatever the body', () => {
  it.each(ENDPOINT_NAMES)('%s', async (name) => {
    const endpoint = endpoints.find((candidate) => candidate.name === name) as BodyEndpoint;
    const call = endpoint.anonymous ? anonymous : buyer;
    await fuzz(
      endpoint.name,
      fc.asyncProperty(bodyArb(endpoint), async (body) => {
        const answer = await call(endpoint.method, endpoint.path, body);
        if (answer.status >= 500)
          throw new Error(
            `${endpoint.method} ${endpoint.path} answered ${answer.status} to ${body.slice(0, 300)}: ${JSON.stringify(answer.body)}`,
          );
      }),
    );
  });

  it.each([
    ['POST', '/api/netb2b/notifications/{}/read/'],
    ['POST', '/api/baf/announcements/{}/read/'],
    ['POST', '/api/netb2b/notifications/read-all/'],
    ['DELETE', '/api/netb2b/cart-items/{}/'],
    ['DELETE', '/api/netb2b/favourite-lists/{}/items/{}/'],
  ])('%s %s (ids in the path, any body)', async (method, template) => {
    const pathId = fc.oneof(
      fc.integer({ min: 1, max: 40 }).map(String),
      junkNumber.map(String),
      fc.constantFrom('%00', '0', '-1', '1e3', '2147483648', '99999999999999999999'),
    );
    await fuzz(
      `${method} ${template}`,
      fc.asyncProperty(pathId, pathId, fc.anything({ maxDepth: 2 }), async (first, second, body) => {
        const path = template.replace('{}', first).replace('{}', second);
        const answer = await buyer(method, path, JSON.stringify(body) ?? 'null');
        if (answer.status >= 500) throw new Error(`${method} ${path} answered ${answer.status}`);
      }),
    );
  });
});

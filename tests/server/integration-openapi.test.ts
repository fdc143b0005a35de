import { readFileSync } from 'node:fs';
import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationDocs, markdownFile, openApiFile } from '../../scripts/integration-docs';
import { importKinds } from '../../server/imports/import-kinds';
import { INTEGRATION_BASE_PATH, integrationOpenApi } from '../../server/integration/openapi';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** `GET /imports/{id}` for every call the document describes */
function documentedCalls(): string[] {
  return Object.entries(integrationOpenApi().paths ?? {}).flatMap(([path, item]) =>
    Object.keys(item ?? {})
      .filter((method) => HTTP_METHODS.includes(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** the same for every route the server app registers under the integration API (middleware and the 404 left out) */
function servedCalls(): string[] {
  const calls = server.app.routes
    .filter((route) => route.path.startsWith(`${INTEGRATION_BASE_PATH}/`) && route.method !== 'ALL')
    .map(
      (route) =>
        `${route.method} ${route.path.slice(INTEGRATION_BASE_PATH.length).replace(/:(\w+)/g, '{$1}')}`,
    );
  return [...new Set(calls)];
}

describe('the integration API’s OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const document = integrationOpenApi();
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as Parameters<typeof validate>[0]);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('describes exactly the calls the server answers', () => {
    const served = servedCalls();
    expect(served).toContain('POST /imports/{kind}');
    expect(served.sort()).toEqual(documentedCalls().sort());
  });

  it('is served without a key at /api/integration/v1/openapi.json', async () => {
    const response = await server.app.request(
      `${INTEGRATION_BASE_PATH}/openapi.json`,
      {},
      { incoming: { socket: {} } },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(integrationOpenApi())));
  });

  it('guards every call but its own with the integration key', () => {
    const securityByCall = Object.fromEntries(
      Object.entries(integrationOpenApi().paths ?? {}).flatMap(([path, item]) =>
        Object.entries(item ?? {})
          .filter(([method]) => HTTP_METHODS.includes(method))
          .map(([method, operation]) => [
            `${method.toUpperCase()} ${path}`,
            (operation as { security?: unknown }).security,
          ]),
      ),
    );
    const expected = Object.fromEntries(
      documentedCalls().map((call) => [call, call === 'GET /openapi.json' ? [] : [{ integrationKey: [] }]]),
    );
    expect(Object.keys(securityByCall).length).toBeGreaterThan(1);
    expect(securityByCall).toEqual(expected);
  });

  it('documents each kind’s JSON rows with the kind’s own row schema', () => {
    const schemas = integrationOpenApi().components?.schemas ?? {};
    const kinds = Object.keys(importKinds) as (keyof typeof importKinds)[];
    const documented = kinds.map((kind) => {
      const name = `${kind[0]?.toUpperCase()}${kind.slice(1)}`;
      const row = schemas[`${name}Row`] as { properties?: Record<string, unknown> };
      const batch = schemas[`${name}Batch`] as { properties: { rows: { items: unknown } } };
      const empty = importKinds[kind].rowSchema.safeParse({});
      // the fields an empty row is refused for
      const refusedFor = empty.success ? [] : empty.error.issues.map((issue) => String(issue.path[0]));
      return {
        kind,
        undocumented: ['id', ...refusedFor].filter((field) => !Object.hasOwn(row.properties ?? {}, field)),
        rowItems: batch.properties.rows.items,
      };
    });
    expect(documented).toEqual(
      kinds.map((kind) => ({
        kind,
        undocumented: [],
        rowItems: { $ref: `#/components/schemas/${kind[0]?.toUpperCase()}${kind.slice(1)}Row` },
      })),
    );
  });

  it('offers a raw CSV or XLSX file as the other body of a new job', () => {
    const post = integrationOpenApi().paths?.['/imports/{kind}']?.post as {
      requestBody: { content: Record<string, { schema: unknown }> };
      responses: Record<string, unknown>;
    };
    const binary = { type: 'string', format: 'binary' };
    expect(post.requestBody.content['text/csv']?.schema).toEqual(binary);
    expect(
      post.requestBody.content['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']?.schema,
    ).toEqual(binary);
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['202', '401', '403', '413']));
  });
});

describe('the integration API’s documents in docs/', () => {
  it('docs/openapi/integration-v1.json is up to date (run npm run integration:docs)', () => {
    expect(JSON.parse(readFileSync(openApiFile, 'utf8'))).toEqual(JSON.parse(integrationDocs().json));
  });

  it('docs/integration-api.md is up to date (run npm run integration:docs)', () => {
    expect(readFileSync(markdownFile, 'utf8')).toBe(integrationDocs().markdown);
  });

  it('lists every call and every row field of every kind', () => {
    const markdown = integrationDocs().markdown;
    const schemas = integrationOpenApi().components?.schemas ?? {};
    const fields = Object.entries(schemas)
      .filter(([name]) => name.endsWith('Row'))
      .flatMap(([name, schema]) =>
        Object.keys((schema as { properties?: object }).properties ?? {}).map((field) => ({ name, field })),
      );
    expect(fields.length).toBeGreaterThan(20);
    const sectionOf = (name: string) => markdown.split(`### ${name}\n`)[1]?.split('\n### ')[0] ?? '';
    expect(fields.filter(({ name, field }) => !sectionOf(name).includes(`| \`${field}\` |`))).toEqual([]);
    expect(documentedCalls().filter((call) => !markdown.includes(`### ${call}\n`))).toEqual([]);
  });
});

import {
  extendZodWithOpenApi,
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type ResponseConfig,
  type ZodMediaTypeObject,
} from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { type $ZodType, toJSONSchema } from 'zod/v4/core';
import type { ImportKind } from '../db/schema';
import { registerFinanceDocumentPaths } from '../finance-documents/finance-document-openapi';
import { registerOrderEventPaths } from '../order-events/order-events-openapi';
import { registerSuborderPaths } from '../suborders/suborder-openapi';
import { registerWebhookPaths } from '../webhooks/webhook-openapi';
import type { OpenApiParts } from './openapi-parts';
import { integrationScopes, scopeOfKind } from './scopes';
import { type IntegrationWireSchemas, integrationWireSchemas } from './wire-schemas';

extendZodWithOpenApi(z);

/** Where the integration router is mounted; the document's paths are relative to it. */
export const INTEGRATION_BASE_PATH = '/api/integration/v1';

const IMPORT_KINDS = [
  'products',
  'prices',
  'assortments',
  'customers',
] as const satisfies readonly ImportKind[];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** the 200 MB of a raw file; a JSON batch is at most 10 MB */
const MAX_FILE_MEGABYTES = 200;
const MAX_BATCH_MEGABYTES = 10;

const kindName = (kind: ImportKind) => `${kind[0]?.toUpperCase()}${kind.slice(1)}`;

type Json = Record<string, unknown>;

/**
 * Zod's own JSON Schema of a schema from elsewhere (the job routes' wire, the import kinds' rows),
 * classic zod or zod/mini: those modules may be loaded before `extendZodWithOpenApi` ran, and then
 * their schemas lack `.openapi()`, so the generator is never handed them directly.
 */
function jsonSchemaOf(schema: $ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...json } = toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as Json;
  return json;
}

/** Registers a component and answers a classic schema that refers to it (a `$ref` in the document). */
const registerSchema = (registry: OpenAPIRegistry, name: string, schema: $ZodType, io: 'input' | 'output') =>
  registry.register(name, z.object({}).openapi(jsonSchemaOf(schema, io)));

/**
 * An object whose list property holds a registered component (a page of jobs, a batch of rows):
 * zod's JSON Schema of the whole, the list's items a `$ref` rather than the item written out again.
 */
function registerWithItems(
  registry: OpenAPIRegistry,
  name: string,
  json: Json,
  list: { property: string; items: string; description?: string },
) {
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const listed = { ...properties[list.property], items: { $ref: `#/components/schemas/${list.items}` } };
  return registry.register(
    name,
    z.object({}).openapi({
      ...json,
      properties: {
        ...properties,
        [list.property]: list.description ? { ...listed, description: list.description } : listed,
      },
    }),
  );
}

/**
 * A query schema as the generator wants it (a classic object, one member per parameter), each
 * member carrying the JSON Schema of the real one. A query arrives as text; the real schema coerces.
 */
function queryOf(schema: $ZodType) {
  const json = jsonSchemaOf(schema, 'input');
  const required = new Set(Array.isArray(json.required) ? json.required.map(String) : []);
  const properties = Object.entries((json.properties ?? {}) as Record<string, Json>);
  return z.object(
    Object.fromEntries(
      properties.map(([name, property]) => {
        const member = z.string().openapi(property);
        return [name, required.has(name) && property.default === undefined ? member : member.optional()];
      }),
    ),
  );
}

const errorBody = z
  .object({
    detail: z.string().describe('What went wrong, in English.'),
    code: z.string().describe('A stable code to act on, e.g. `integration_key_invalid`.'),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe('On a 400: the refused fields and why.'),
  })
  .describe('Every error answer.');

const failure = (schema: z.ZodType, description: string): ResponseConfig => ({
  description,
  content: { 'application/json': { schema } },
});

/**
 * The integration API's OpenAPI 3.1 document, generated from the zod schemas the routes validate
 * with and the import kinds' row schemas, so it cannot drift from what the server accepts.
 */
export function buildIntegrationOpenApi(wire: IntegrationWireSchemas = integrationWireSchemas()) {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent('securitySchemes', 'integrationKey', {
    type: 'http',
    scheme: 'bearer',
    description:
      "An integration key (`opk_…`), made by the supplier's staff in the staff console or with `npm run integration -- key create`. " +
      `Each key holds scopes: ${integrationScopes.map((scope) => `\`${scope}\``).join(', ')}.`,
  });
  const security = [{ [bearer.name]: [] }];

  const ErrorBody = registry.register('Error', errorBody);
  const Job = registerSchema(registry, 'ImportJob', wire.job, 'output');
  registerSchema(registry, 'ReportRow', wire.reportRow, 'output');
  const JobList = registerWithItems(registry, 'ImportJobList', jsonSchemaOf(wire.jobList, 'output'), {
    property: 'results',
    items: 'ImportJob',
  });
  const ReportPage = registerWithItems(registry, 'ReportPage', jsonSchemaOf(wire.reportPage, 'output'), {
    property: 'rows',
    items: 'ReportRow',
  });
  const batch = jsonSchemaOf(wire.batch, 'input');
  const batchOf = (kind: ImportKind) => {
    const rowName = `${kindName(kind)}Row`;
    registerSchema(registry, rowName, wire.rows[kind], 'input');
    return registerWithItems(
      registry,
      `${kindName(kind)}Batch`,
      {
        ...batch,
        description: `A JSON batch of ${kind} (\`POST /imports/${kind}\`), scope \`${scopeOfKind[kind]}\`.`,
      },
      { property: 'rows', items: rowName, description: `The ${kind} rows, in order.` },
    );
  };
  // registered in this order, so the document lists each kind's row before its batch
  const batches = z.union(IMPORT_KINDS.map(batchOf) as unknown as [z.ZodType, z.ZodType]);

  const unauthorized = failure(
    ErrorBody,
    'No key, an unknown key or a revoked key (`integration_key_invalid`).',
  );
  const forbidden = failure(ErrorBody, 'The key lacks the scope this call needs (`scope_missing`).');
  const throttled = failure(
    ErrorBody,
    'Too many wrong keys from this address (`throttled`); see Retry-After.',
  );
  const noSuchJob = failure(ErrorBody, 'No job with this id (`not_found`).');
  const jobId = z.object({ id: z.string().describe('The job id (a UUID).') });
  const jobAnswer: ZodMediaTypeObject = { schema: Job };

  registry.registerPath({
    method: 'get',
    path: '/openapi.json',
    summary: 'This document',
    security: [],
    responses: {
      200: {
        description: 'The OpenAPI 3.1 document.',
        content: { 'application/json': { schema: z.object({}).passthrough() } },
      },
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/imports/{kind}',
    summary: 'Load a file or a JSON batch',
    description: [
      'Creates an import job and answers at once; the job runs in the background (follow it with `GET /imports/{id}`).',
      `A JSON body (\`application/json\`, at most ${MAX_BATCH_MEGABYTES} MB) is a batch of rows of the kind named in the path.`,
      `Any other content type is a CSV or XLSX file sent as the raw body (at most ${MAX_FILE_MEGABYTES} MB), with \`mode\` and \`file_name\` in the query;`,
      'the format is read from the content (an XLSX workbook is a zip file), the columns matched by their header texts.',
      'Loading the same file twice makes a second job whose rows all end `unchanged`.',
      'The key needs the scope of the kind: ' +
        IMPORT_KINDS.map((kind) => `${kind} → \`${scopeOfKind[kind]}\``).join(', ') +
        '.',
    ].join(' '),
    security,
    request: {
      params: z.object({ kind: z.enum(IMPORT_KINDS).describe('What the rows are.') }),
      query: queryOf(wire.uploadQuery),
      body: {
        required: true,
        content: {
          'application/json': {
            schema: batches.describe('A batch of rows of the kind named in the path.'),
          },
          'text/csv': { schema: { type: 'string', format: 'binary' } },
          [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } },
          'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
        },
      },
    },
    responses: {
      202: {
        description: 'The job, queued.',
        headers: z.object({ Location: z.string().describe('`/api/integration/v1/imports/{id}`') }),
        content: { 'application/json': jobAnswer },
      },
      400: failure(ErrorBody, 'A body or query that does not fit (`invalid`, `malformed_json`).'),
      401: unauthorized,
      403: forbidden,
      404: failure(ErrorBody, 'No such kind.'),
      413: failure(ErrorBody, 'The file or batch is too large (`payload_too_large`).'),
      429: throttled,
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/imports',
    summary: 'Recent jobs',
    description:
      "Newest first; page on with `before` set to the last job's `created_at`. Jobs of kinds the key may read.",
    security,
    request: { query: queryOf(wire.listQuery) },
    responses: {
      200: {
        description: 'A page of jobs.',
        content: { 'application/json': { schema: JobList } },
      },
      400: failure(ErrorBody, 'A query that does not fit (`invalid`).'),
      401: unauthorized,
      429: throttled,
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/imports/{id}',
    summary: 'One job: status, progress and counts',
    security,
    request: { params: jobId },
    responses: {
      200: { description: 'The job.', content: { 'application/json': jobAnswer } },
      401: unauthorized,
      403: forbidden,
      404: noSuchJob,
      429: throttled,
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/imports/{id}/report',
    summary: 'The report as a CSV download',
    description:
      'One line per row of the file (and per retirement of a snapshot): `row,external_id,outcome,reason,detail`.',
    security,
    request: { params: jobId },
    responses: {
      200: {
        description: 'The report.',
        headers: z.object({
          'Content-Disposition': z.string().describe('`attachment; filename="import-<id>-report.csv"`'),
        }),
        content: { 'text/csv': { schema: { type: 'string' } } },
      },
      401: unauthorized,
      403: forbidden,
      404: noSuchJob,
      429: throttled,
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/imports/{id}/report.json',
    summary: 'The report, a page at a time',
    description:
      'Report rows in order; page on with `after` set to `next_after`, which is null on the last page.',
    security,
    request: { params: jobId, query: queryOf(wire.reportQuery) },
    responses: {
      200: {
        description: 'A page of report rows.',
        content: {
          'application/json': {
            schema: ReportPage,
          },
        },
      },
      400: failure(ErrorBody, 'A query that does not fit (`invalid`).'),
      401: unauthorized,
      403: forbidden,
      404: noSuchJob,
      429: throttled,
    },
  });

  const parts: OpenApiParts = {
    registry,
    security,
    unauthorized,
    forbidden,
    throttled,
    failure: (description) => failure(ErrorBody, description),
    component: (name, schema, io) => registerSchema(registry, name, schema, io),
    query: queryOf,
  };
  registerOrderEventPaths(parts);
  registerWebhookPaths(parts);
  registerSuborderPaths(parts);
  registerFinanceDocumentPaths(parts);

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Ordering portal integration API',
      version: '1',
      description:
        "How the supplier's systems (an ERP, a PIM, a script) load products, prices, assortments and customers into the portal. " +
        "Every call but this document's needs `Authorization: Bearer <integration key>`.",
    },
    servers: [{ url: INTEGRATION_BASE_PATH }],
  });
}

export type IntegrationOpenApiDocument = ReturnType<typeof buildIntegrationOpenApi>;

let built: IntegrationOpenApiDocument | undefined;

/** The document, built once per process (it depends on code only). */
export function integrationOpenApi(): IntegrationOpenApiDocument {
  built ??= buildIntegrationOpenApi();
  return built;
}

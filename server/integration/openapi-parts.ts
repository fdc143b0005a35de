import type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';
import type { $ZodType } from 'zod/v4/core';

/**
 * What each part of the integration API gets to describe its own paths in the OpenAPI document:
 * the registry, the key's security requirement, the shared error answers, and helpers that turn a
 * zod or zod/mini schema of the routes into a registered component or a query.
 */
export interface OpenApiParts {
  registry: OpenAPIRegistry;
  security: { [name: string]: string[] }[];
  unauthorized: ResponseConfig;
  forbidden: ResponseConfig;
  throttled: ResponseConfig;
  /** an error answer with this description (the body is the shared `Error`) */
  failure: (description: string) => ResponseConfig;
  /** registers `schema` as component `name` and answers a schema that refers to it */
  component: (
    name: string,
    schema: $ZodType,
    io: 'input' | 'output',
  ) => ReturnType<OpenAPIRegistry['register']>;
  /** a query's parameters as the generator takes them */
  query: (schema: $ZodType) => ReturnType<typeof import('zod').z.object>;
}

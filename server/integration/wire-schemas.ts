import type { $ZodType } from 'zod/v4/core';
import type { ImportKind } from '../db/schema';
import { importKinds } from '../imports/import-kinds';
import {
  fileUploadQuery,
  importJobListWire,
  importJobWire,
  jobListQuery,
  jsonBatchBody,
  reportPageWire,
  reportQuery,
  reportRowWire,
} from '../imports/job-wire';

/**
 * The schemas the OpenAPI document is generated from: those the job routes validate with
 * (server/imports/job-wire.ts) and the import kinds' row schemas. Classic zod or zod/mini alike:
 * openapi.ts turns each into JSON Schema with zod's own converter.
 */
export interface IntegrationWireSchemas {
  job: $ZodType;
  reportRow: $ZodType;
  /** GET imports: `{ results: [job…] }` */
  jobList: $ZodType;
  /** GET imports/{id}/report.json: `{ rows: [report row…], next_after }` */
  reportPage: $ZodType;
  /** POST imports/{kind} with a JSON body: mode and rows (each checked by the kind's row schema) */
  batch: $ZodType;
  /** POST imports/{kind} with a raw file: mode and file_name */
  uploadQuery: $ZodType;
  /** GET imports: limit and before */
  listQuery: $ZodType;
  /** GET imports/{id}/report.json: outcome, after and limit */
  reportQuery: $ZodType;
  rows: Record<ImportKind, $ZodType>;
}

export function integrationWireSchemas(): IntegrationWireSchemas {
  return {
    job: importJobWire,
    reportRow: reportRowWire,
    jobList: importJobListWire,
    reportPage: reportPageWire,
    batch: jsonBatchBody,
    uploadQuery: fileUploadQuery,
    listQuery: jobListQuery,
    reportQuery,
    rows: {
      products: importKinds.products.rowSchema,
      prices: importKinds.prices.rowSchema,
      assortments: importKinds.assortments.rowSchema,
      customers: importKinds.customers.rowSchema,
    },
  };
}

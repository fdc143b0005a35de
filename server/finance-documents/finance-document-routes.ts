import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { ApiError, badRequest, notFound } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { hasScope } from '../integration/scopes';
import { financeDocumentOf } from './finance-document-queries';
import {
  externalIdParam,
  type FinanceDocumentBody,
  financeDocumentBody,
  MAX_DOCUMENT_BODY_BYTES,
} from './finance-document-wire';
import { storeFinanceDocument } from './store-finance-document';

/** Both calls need `documents:write`: the documents are the ERP's to write and to read back. */
const requireDocumentsScope: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!hasScope(c.get('integrationKey').scopes, 'documents:write'))
    throw new ApiError(403, { detail: 'This call needs the scope documents:write.', code: 'scope_missing' });
  await next();
};

/**
 * The integration API's /documents (mounted there by integration-routes.ts, outside the customers'
 * API and its 1 MB body limit): the ERP's invoices and credit notes, each under its own external id.
 * A body carries the PDF as base64, so this route allows 15 MB (a 10 MB PDF and its fields).
 */
export function financeDocumentRoutes({ db, now }: AppDeps) {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireDocumentsScope);

  const limitBody = bodyLimit({
    maxSize: MAX_DOCUMENT_BODY_BYTES,
    onError: (c) =>
      c.json(
        {
          detail: 'The request body is too large: at most 15 MB (a PDF of 10 MB).',
          code: 'payload_too_large',
        },
        413,
      ),
  });

  routes.put('/:external_id', limitBody, async (c) => {
    const externalId = externalIdOf(c);
    const body = await readDocumentBody(c);
    const outcome = await storeFinanceDocument(db, externalId, body, now());
    const document = await financeDocumentOf(db, externalId);
    if (!document) throw notFound('No document has this external id.');
    return c.json(document, outcome === 'created' ? 201 : 200);
  });

  routes.get('/:external_id', async (c) => {
    const document = await financeDocumentOf(db, externalIdOf(c));
    if (!document) throw notFound('No document has this external id.');
    return c.json(document);
  });

  return routes;
}

function externalIdOf(c: Context<AppEnv>): string {
  const result = externalIdParam.safeParse(c.req.param('external_id'));
  if (!result.success)
    throw badRequest('Invalid external id.', fieldErrors(result.error.issues, 'external_id'));
  return result.data;
}

async function readDocumentBody(c: Context<AppEnv>): Promise<FinanceDocumentBody> {
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch {
    throw new ApiError(400, {
      detail: 'The request body is not valid JSON.',
      code: 'malformed_json',
      errors: { non_field_errors: ['The request body is not valid JSON.'] },
    });
  }
  const result = financeDocumentBody.safeParse(raw);
  if (!result.success)
    throw badRequest('The request body has invalid fields.', fieldErrors(result.error.issues));
  return result.data;
}

function fieldErrors(
  issues: readonly z.core.$ZodIssue[],
  root = 'non_field_errors',
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || root;
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}

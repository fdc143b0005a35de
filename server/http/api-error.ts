import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Every error answer of the API: a human-readable detail, a stable code, field errors on a 400. */
export interface ErrorBody {
  detail: string;
  code: string;
  errors?: Record<string, string[]>;
  /** the spec's "error field" of registration refusals: the same text as `detail` */
  error?: string;
  /** a stock refusal's figure (the most of the chosen unit stock allows), so clients can word it */
  max_quantity?: number;
}

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.detail);
  }
}

export const notFound = (detail = 'Not found.') => new ApiError(404, { detail, code: 'not_found' });

export const badRequest = (detail: string, errors: Record<string, string[]>) =>
  new ApiError(400, { detail, code: 'invalid', errors });

import { ApiError, type ApiErrorFields } from '../services/api/errors';

/**
 * Model events as JSON (docs/paths/<machine>.json, the simulator's payload editor) and back. Plain
 * data passes as it is; an ApiError, which machines read through `toErrorInfo`, is written
 * `{ "$apiError": { kind, call, status, code, message } }` and revived as the real class, so a
 * replayed `xstate.error.actor.*` step ends where the model-based test ended.
 */
export type JsonEvent = { type: string } & Record<string, unknown>;

interface ApiErrorJson {
  $apiError: {
    kind: ApiErrorFields['kind'];
    call: string;
    status: number | null;
    code: string | null;
    message: string;
  };
}

const isApiErrorJson = (value: unknown): value is ApiErrorJson =>
  typeof value === 'object' && value !== null && '$apiError' in value;

function toJsonValue(value: unknown): unknown {
  if (value instanceof ApiError)
    return {
      $apiError: {
        kind: value.kind,
        call: value.call,
        status: value.status,
        code: value.code,
        message: value.message,
      },
    } satisfies ApiErrorJson;
  if (value instanceof Error)
    return { $apiError: { kind: 'network', call: '', status: null, code: null, message: value.message } };
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, toJsonValue(inner)]));
  return value;
}

function fromJsonValue(value: unknown): unknown {
  if (isApiErrorJson(value)) {
    const { message, ...fields } = value.$apiError;
    return new ApiError(fields, message);
  }
  if (Array.isArray(value)) return value.map(fromJsonValue);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fromJsonValue(inner)]));
  return value;
}

export const eventToJson = (event: { type: string }): JsonEvent => toJsonValue(event) as JsonEvent;
export const eventFromJson = (event: JsonEvent): JsonEvent => fromJsonValue(event) as JsonEvent;

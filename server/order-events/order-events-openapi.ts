import type { OpenApiParts } from '../integration/openapi-parts';

/** This part's paths in the integration API's OpenAPI document. */
export function registerOrderEventPaths(_parts: OpenApiParts) {}

import { z } from 'zod';
import { type $ZodType, toJSONSchema } from 'zod/v4/core';
import type { OpenApiParts } from '../integration/openapi-parts';
import {
  eventOrderWire,
  orderEventPayloadWire,
  orderLineWire,
  orderSuborderWire,
} from './order-event-payload';
import { eventPageWire, eventPullQuery, pulledEventWire } from './order-event-wire';

type Json = Record<string, unknown>;

/** Zod's JSON Schema of an answer (zod/mini), as the document's other parts are made. */
function jsonOf(schema: $ZodType): Json {
  const { $schema: _dialect, ...json } = toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
  }) as Json;
  return json;
}

/** `json` with the schema at `path` replaced by a reference to component `name`, which describes itself. */
function referring(json: Json, path: readonly string[], name: string): Json {
  const [step, ...rest] = path;
  if (step === undefined) return { $ref: `#/components/schemas/${name}` };
  return { ...json, [step]: referring((json[step] ?? {}) as Json, rest, name) };
}

/**
 * This part's paths in the integration API's OpenAPI document. The event body is split into
 * components (event, order, suborder, line), each registered before the one referring to it, so
 * the reference lists each part once and in a readable table.
 */
export function registerOrderEventPaths(parts: OpenApiParts) {
  const { registry, security, unauthorized, forbidden, throttled } = parts;
  const component = (name: string, schema: $ZodType, ref?: { path: readonly string[]; name: string }) => {
    const json = jsonOf(schema);
    return registry.register(name, z.object({}).openapi(ref ? referring(json, ref.path, ref.name) : json));
  };
  component('OrderLine', orderLineWire);
  component('OrderSuborder', orderSuborderWire, {
    path: ['properties', 'lines', 'items'],
    name: 'OrderLine',
  });
  component('EventOrder', eventOrderWire, {
    path: ['properties', 'suborders', 'items'],
    name: 'OrderSuborder',
  });
  // The body a webhook receives, and the `payload` of each pulled event.
  component('OrderEvent', orderEventPayloadWire, {
    path: ['properties', 'data', 'properties', 'order'],
    name: 'EventOrder',
  });
  component('PulledOrderEvent', pulledEventWire, { path: ['properties', 'payload'], name: 'OrderEvent' });
  const EventPage = component('OrderEventPage', eventPageWire, {
    path: ['properties', 'events', 'items'],
    name: 'PulledOrderEvent',
  });

  registry.registerPath({
    method: 'get',
    path: '/events',
    summary: 'Order events after a cursor',
    description: [
      'Every order placed (`order.placed`), changed (`order.amended`) or cancelled (`order.cancelled`), oldest first:',
      'the same events, with the same ids and bodies (`OrderEvent`), as the webhooks deliver.',
      'Start with `after=0`, then pass `next_cursor` as `after`; while `has_more` is true more follow right away.',
      'Events become visible in cursor order, so paging on never skips one. An event is one change:',
      'a receiver that sees an id twice has seen the same event. The key needs the scope `events:read`.',
    ].join(' '),
    security,
    request: { query: parts.query(eventPullQuery) },
    responses: {
      200: { description: 'The next events.', content: { 'application/json': { schema: EventPage } } },
      400: parts.failure('A cursor or limit that does not fit (`invalid`).'),
      401: unauthorized,
      403: forbidden,
      429: throttled,
    },
  });
}

/**
 * Wire schemas: what the server sends (snake_case), with mappers to the domain types. Answers
 * require only spec point 3's fields (the rest have stated defaults); request bodies carry the
 * rules the server enforces. A leaf module (zod and domain/ only) so the server shares it.
 */
export * from './account';
export * from './auth';
export * from './catalog';
export * from './catalog-pages';
export * from './delivery-calendar';
export * from './documents';
export * from './favourites';
export * from './orders';
export * from './preferences';
export * from './primitives';
export * from './site';

/**
 * Wire schemas: exactly what the server sends (snake_case), with mappers to the
 * domain types. A leaf module (zod and domain/ only) so the server shares it.
 */
export * from './account';
export * from './auth';
export * from './catalog';
export * from './catalog-pages';
export * from './documents';
export * from './favourites';
export * from './orders';
export * from './preferences';
export * from './primitives';
export * from './site';

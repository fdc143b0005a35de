/**
 * Test data builders: each returns a valid value of a domain type (or its wire answer) and takes
 * overrides. A test passes as overrides every value it asserts on, so the value stays visible there;
 * a field added to a type fails to type-check here, in one place.
 */
export * from './account';
export * from './cart';
export * from './catalogue';
export * from './favourites';
export * from './order-preview';
export * from './orders';
export * from './units';
export * from './wire';

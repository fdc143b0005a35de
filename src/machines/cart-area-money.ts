/**
 * The money rules and decimal.js under them, the cart area's first step (cart-area.ts): a module only
 * that file imports, so that importing it evaluates the money library and nothing else.
 */
export { ExactDecimal } from '../domain/decimal';

// tests/machines still import these answers from here; once they call the builders this file goes.
import { aCartItemWire, anOrderWire } from '../../src/test/builders';

export const cartItemWire = aCartItemWire();
export const orderWire = anOrderWire();

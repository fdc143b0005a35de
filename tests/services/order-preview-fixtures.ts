// tests/machines still import from here; once they import src/test/builders this file goes.
export { tenCentShipment } from '../../src/test/builders';

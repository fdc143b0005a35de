// tests/machines still import from here; once they import src/test/builders this file goes.
export { aCampaignProduct, aProduct, box, boxedProduct, pallet, piece, units } from '../../src/test/builders';

/** The standing orders' tunables (environment), read once per process. */
export interface StandingOrderSettings {
  /** STANDING_ORDER_DRAFT_DAYS (default 2): the draft is made this many days before the cut-off */
  draftDays: number;
  /** STANDING_ORDER_PRICE_RISE_PERCENT (default 10): a larger rise over the reference price needs review */
  priceRisePercent: number;
  /** how long after its cut-off a draft is still placed (as of its cut-off) by a late tick */
  placeGraceMs: number;
}

const wholeNumber = (text: string | undefined, fallback: number, name: string) => {
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > 60)
    throw new Error(`${name} must be a whole number from 0 to 60 (got "${text}")`);
  return value;
};

export function standingOrderSettings(env: NodeJS.ProcessEnv = process.env): StandingOrderSettings {
  return {
    draftDays: wholeNumber(env.STANDING_ORDER_DRAFT_DAYS, 2, 'STANDING_ORDER_DRAFT_DAYS'),
    priceRisePercent: wholeNumber(
      env.STANDING_ORDER_PRICE_RISE_PERCENT,
      10,
      'STANDING_ORDER_PRICE_RISE_PERCENT',
    ),
    placeGraceMs: 60 * 60 * 1000,
  };
}

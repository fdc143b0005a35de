/**
 * Lines being edited, for every delivery (the series) or for one (an occurrence): both charts keep
 * the same draft and the same rule for when it may be saved, so the two editors cannot drift apart.
 */

/** One line while it is edited: the quantity as typed. */
export interface SeriesDraftLine {
  productId: number;
  productName: string | null;
  quantity: string;
  unit: number;
}

/** A quantity as typed: a positive decimal number (comma or point). */
export const isPositiveQuantity = (text: string): boolean =>
  /^\d+([.,]\d+)?$/.test(text.trim()) && /[1-9]/.test(text);

/** Savable: at least one line (a delivery of nothing is a skip) and every quantity positive. */
export const isSavableDraft = (draft: readonly SeriesDraftLine[]): boolean =>
  draft.length > 0 && draft.every((line) => isPositiveQuantity(line.quantity));

export const withQuantity = (draft: readonly SeriesDraftLine[], productId: number, quantity: string) =>
  draft.map((line) => (line.productId === productId ? { ...line, quantity } : line));

export const withoutLine = (draft: readonly SeriesDraftLine[], productId: number) =>
  draft.filter((line) => line.productId !== productId);

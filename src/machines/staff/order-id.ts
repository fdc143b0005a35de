const ORDER_ID = /^[1-9][0-9]{0,8}$/;

/** The order id a typed text names ("123" or "#123"): null for none typed, undefined for one that is no order id. */
export function orderIdOf(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/^#/, '');
  if (trimmed === '') return null;
  return ORDER_ID.test(trimmed) ? Number(trimmed) : undefined;
}

/**
 * A value worked out from a text (a header, a query), remembered by that text: clients send the same
 * headers and queries again and again, and parsing them anew showed under load. At most
 * `kept` texts, the oldest dropped first; a text longer than `longest` is worked out every time, so a
 * client cannot fill the memory with huge ones.
 */
export function textMemo<Value>(kept: number, longest = Number.POSITIVE_INFINITY) {
  const values = new Map<string, Value>();
  return (text: string, compute: () => Value): Value => {
    if (values.has(text)) return values.get(text) as Value;
    const value = compute();
    if (text.length > longest) return value;
    if (values.size >= kept) values.delete(values.keys().next().value as string);
    values.set(text, value);
    return value;
  };
}

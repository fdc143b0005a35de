import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const localesDir = join(import.meta.dirname, '../../src/locales');
const english = JSON.parse(readFileSync(join(localesDir, 'en.json'), 'utf8')) as Record<string, unknown>;

function leaves(node: unknown, path: string[] = []): Array<[string, string]> {
  if (typeof node === 'string') return [[path.join('.'), node]];
  if (node && typeof node === 'object')
    return Object.entries(node).flatMap(([key, value]) => leaves(value, [...path, key]));
  return [];
}

// One sentence for one fact: a refused cart line, a quick-order row, a list or reorder that asks for
// more than the stock all say it with the same key, so a correction reaches every place at once.
describe('the "not enough stock" sentence', () => {
  it('is one key, used wherever the stock limits an amount', () => {
    const sentences = leaves(english).filter(([, text]) => text.startsWith('Not enough stock: at most'));
    expect(sentences).toEqual([['stock.notEnough', 'Not enough stock: at most {{max}} {{unit}}.']]);
  });
});

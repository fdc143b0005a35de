// Edges: takes and returns domain entities (no money here).

import { nameCollator } from './name-collation';
import type { Category } from './types';

function firstCharacter(name: string): string {
  // by code point, so a name starting with an emoji or a supplementary letter is not split in half
  const [first = ''] = name.trimStart();
  return first;
}

/**
 * Spec point 5: categories are sorted by the first character of the name only. The first characters are
 * compared as the interface language orders letters (Turkish puts Ç after C, Swedish puts Ä after Z) and
 * without regard to case; categories whose first characters compare equal keep the server's order
 * (Array#sort is stable). A category without a name has nothing to sort by and goes last.
 * Returns a new array; the input is left as it is.
 */
export function sortCategoriesByInitial<T extends Pick<Category, 'name'>>(
  categories: readonly T[],
  language: string,
): T[] {
  const collator = nameCollator(language, { sensitivity: 'base', usage: 'sort' });
  return [...categories].sort((a, b) => {
    const first = firstCharacter(a.name);
    const second = firstCharacter(b.name);
    if (first === '' || second === '') return Number(first === '') - Number(second === '');
    return collator.compare(first, second);
  });
}

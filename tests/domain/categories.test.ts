import { describe, expect, it } from 'vitest';
import { sortCategoriesByInitial } from '../../src/domain/categories';

const named = (...names: string[]) => names.map((name, index) => ({ id: index + 1, name }));
const names = (list: { name: string }[]) => list.map((category) => category.name);

describe('sortCategoriesByInitial', () => {
  it('orders by the first character of the name', () => {
    expect(names(sortCategoriesByInitial(named('Drinks', 'Bakery', 'Cheese', 'Apples'), 'en'))).toEqual([
      'Apples',
      'Bakery',
      'Cheese',
      'Drinks',
    ]);
  });

  it('compares only the first character: equal initials keep their original order', () => {
    expect(
      names(sortCategoriesByInitial(named('Butter', 'Bread', 'Beans', 'Apples', 'Bananas'), 'en')),
    ).toEqual(['Apples', 'Butter', 'Bread', 'Beans', 'Bananas']);
  });

  it('ignores case of the first character and keeps the order between them', () => {
    expect(names(sortCategoriesByInitial(named('beer', 'Apples', 'Bread'), 'en'))).toEqual([
      'Apples',
      'beer',
      'Bread',
    ]);
  });

  it('orders letters as the language does: Turkish Ç after C, before D', () => {
    expect(names(sortCategoriesByInitial(named('Dondurma', 'Çay', 'Cips'), 'tr'))).toEqual([
      'Cips',
      'Çay',
      'Dondurma',
    ]);
  });

  it('orders letters as the language does: Swedish Ä after Z, German Ä with A', () => {
    expect(names(sortCategoriesByInitial(named('Äpplen', 'Zucchini', 'Bröd'), 'sv'))).toEqual([
      'Bröd',
      'Zucchini',
      'Äpplen',
    ]);
    expect(names(sortCategoriesByInitial(named('Zucker', 'Äpfel', 'Brot'), 'de'))).toEqual([
      'Äpfel',
      'Brot',
      'Zucker',
    ]);
  });

  it('looks past leading spaces and puts nameless categories last', () => {
    expect(names(sortCategoriesByInitial(named('', ' Zeta', 'Alpha', '   '), 'en'))).toEqual([
      'Alpha',
      ' Zeta',
      '',
      '   ',
    ]);
  });

  it('leaves the input array untouched', () => {
    const input = named('B', 'A');
    sortCategoriesByInitial(input, 'en');
    expect(names(input)).toEqual(['B', 'A']);
  });

  it('keeps the rest of each category', () => {
    const sorted = sortCategoriesByInitial(
      [
        { id: 5, name: 'B' },
        { id: 6, name: 'A' },
      ],
      'en',
    );
    expect(sorted).toEqual([
      { id: 6, name: 'A' },
      { id: 5, name: 'B' },
    ]);
  });
});

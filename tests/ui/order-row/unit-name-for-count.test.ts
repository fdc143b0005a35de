import { describe, expect, it } from 'vitest';
import { unitNameForCount } from '../../../src/ui/components/unit-name-for-count';

const box = { name: 'box', namePlural: 'boxes' };
const casier = { name: 'casier', namePlural: 'casiers' };
const kiste = { name: 'Kiste', namePlural: 'Kisten' };
/** Arabic: the singular after 1 and from 11 on (كرتونًا، كرتون), the plural from 3 to 10 */
const karton = { name: 'كرتون', namePlural: 'كراتين' };

// A unit named beside a count follows the count's plural form in the interface language (as i18next
// picks a text's form), not English's "one is singular, the rest plural".
describe('a unit name beside a count', () => {
  it.each([
    ['en', box, 1, 'box'],
    ['en', box, 2, 'boxes'],
    ['en', box, '1.5', 'boxes'],
    ['en', box, '1.000', 'box'],
    ['en', box, 0, 'boxes'],
    ['de', kiste, 1, 'Kiste'],
    ['de', kiste, 4, 'Kisten'],
    // French counts 0 and 1.5 in the singular
    ['fr', casier, 0, 'casier'],
    ['fr', casier, '1.5', 'casier'],
    ['fr', casier, 2, 'casiers'],
    ['ar', karton, 1, 'كرتون'],
    ['ar', karton, 3, 'كراتين'],
    ['ar', karton, 10, 'كراتين'],
    ['ar', karton, 11, 'كرتون'],
    ['ar', karton, 100, 'كرتون'],
  ] as const)('%s: %s × %s → %s', (language, unit, count, name) => {
    expect(unitNameForCount(language, unit, count)).toBe(name);
  });
});

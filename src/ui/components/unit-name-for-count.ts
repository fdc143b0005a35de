import type { Unit } from '../../domain/types';

/**
 * The plural forms (CLDR's, the ones i18next picks a counted text's form by) in which a language names
 * a counted unit with its singular. The server knows two names per unit, so each form takes one of
 * them: Arabic uses the singular after 1 and from 11 on (11 كرتونًا، 100 كرتون) and the plural for
 * 0 and 3 to 10 (its dual, for 2, is nearest to the plural); everywhere else the singular is the
 * "one" form, which in French also covers 0 and 1.5.
 */
const singularForms: Partial<Record<string, readonly Intl.LDMLPluralRule[]>> = {
  ar: ['one', 'many', 'other'],
};
const onlyOne: readonly Intl.LDMLPluralRule[] = ['one'];

const rulesByLanguage = new Map<string, Intl.PluralRules>();
function pluralRules(language: string): Intl.PluralRules {
  let rules = rulesByLanguage.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    rulesByLanguage.set(language, rules);
  }
  return rules;
}

/** "box" or "boxes" for `count` in `language` (a decimal text like "1.500" counts as its value). */
export function unitNameForCount(
  language: string,
  unit: Pick<Unit, 'name' | 'namePlural'>,
  count: number | string,
): string {
  const amount = Number(count);
  const form = pluralRules(language).select(Number.isFinite(amount) ? amount : 2);
  const base = language.split('-')[0] ?? language;
  return (singularForms[base] ?? onlyOne).includes(form) ? unit.name : unit.namePlural;
}

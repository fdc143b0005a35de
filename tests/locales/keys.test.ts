import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const localesDir = join(import.meta.dirname, '../../src/locales');
const expectedLanguages = ['ar', 'de', 'en', 'es', 'fr', 'it', 'nn', 'sv', 'tr'];

/** Words that are the same in English and that language, so an identical value is not a forgotten translation. */
const sameAsEnglishAllowed: Record<string, string[]> = {
  'common.ok': ['de'],
  'login.password': ['it'],
  'menu.home': ['it'],
  'menu.documents': ['fr'],
  'home.account': ['it'],
  // documents, announcements: the same word, or a unit symbol, in that language
  'documents.title': ['fr'],
  'documents.count_one': ['fr'],
  'documents.count_other': ['fr'],
  'documents.columns.type': ['fr', 'nn'],
  'documents.columns.name': ['de'],
  'favourites.index.name': ['de'],
  'standingOrders.form.name': ['de'],
  'documents.columns.date': ['fr'],
  'documents.columns.actions': ['fr'],
  'documents.size.bytes_one': ['es', 'it', 'nn', 'sv'],
  'documents.size.bytes_other': ['es'],
  'documents.size.kb': ['tr', 'de', 'es', 'it'],
  'documents.size.mb': ['tr', 'de', 'es', 'it', 'nn', 'sv'],
  'announcements.types.info': ['de', 'fr', 'sv'],
  'announcements.types.warning': ['fr'],
  // the same word in that language
  'results.sortName': ['de'],
  'orderDetail.preorderNo': ['es', 'it'],
  // the studio's words that are the same in that language
  'studio:screens.desktop': ['de', 'it'],
  'studio:screens.variant': ['nn', 'sv'],
  'studio:trace.columns.tests': ['de', 'fr'],
  'studio:trace.test.tagged': ['tr', 'de', 'fr', 'it', 'nn', 'sv'],
  'studio:trace.kind.transition': ['fr'],
  'studio:spec.sections.routes': ['fr'],
  'studio:spec.sections.session': ['fr', 'sv'],
  'studio:spec.sections.home': ['it'],
  'studio:spec.beyond.documents': ['fr'],
};

/**
 * i18next plural forms: a language has the forms its plural rules name (Arabic zero, one, two, few,
 * many, other; French, Spanish and Italian also many), English only one and other.
 */
const pluralForm = /_(zero|one|two|few|many|other)$/;
const pluralCategories = (language: string) =>
  new Intl.PluralRules(language).resolvedOptions().pluralCategories;
/** A language's plural form of a key English has in plural forms (`x_few` for English `x_other`). */
function isPluralFormOfEnglish(key: string, language: string): boolean {
  const match = pluralForm.exec(key);
  if (!match) return false;
  const base = key.slice(0, -match[0].length);
  return (
    (english.has(`${base}_other`) || english.has(`${base}_one`)) &&
    (pluralCategories(language) as string[]).includes(match[1] ?? '')
  );
}
/** "one day", "two days" (Arabic يومين) name their number in words: {{count}} may be left out. */
const countMayBeImplicit = (key: string) => /_(zero|one|two)$/.test(key);

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else for (const [innerPath, innerValue] of flatten(value, path)) flat.set(innerPath, innerValue);
  }
  return flat;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1] ?? '').sort();
}

const readTree = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Tree;

/**
 * A language's keys: the main file, plus the namespaces only some screens load (the statechart
 * studio's `studio/<lang>.json`), their keys prefixed `studio:` as i18next names them.
 */
function load(language: string): Map<string, string> {
  const keys = flatten(readTree(join(localesDir, `${language}.json`)));
  for (const namespace of namespaces)
    for (const [key, value] of flatten(readTree(join(localesDir, namespace, `${language}.json`))))
      keys.set(`${namespace}:${key}`, value);
  return keys;
}

const namespaces = ['studio'];
const languages = readdirSync(localesDir)
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''))
  .sort();
const english = load('en');
const others = languages.filter((language) => language !== 'en');

const allForms = ['zero', 'one', 'two', 'few', 'many', 'other'];
/** The counted texts: every key English writes in plural forms (`x_one`, `x_other`), by its base `x`. */
const pluralBases = new Set(
  [...english.keys()].filter((key) => /_(one|other)$/.test(key)).map((key) => key.replace(pluralForm, '')),
);
/**
 * Texts with a {{count}} that is a figure beside a label ("Open (3)", "Rows: 3", "2 of 5"), not a
 * number of something, so they need no plural forms.
 */
const countAsFigure = new Set([
  'home.carousel.slideOf',
  'orders.openTab',
  'orders.closedTab',
  'checkout.splitIntro',
  'reorder.added',
  'quickOrder.summary',
  'quickOrder.addValid',
  'quickOrder.resultAdded',
  'quickOrder.resultReplaced',
  'cartMode.increased',
]);

describe('locale files', () => {
  it('exist for exactly the nine interface languages', () => {
    expect(languages).toEqual(expectedLanguages);
  });

  it.each(namespaces)('exist in the %s namespace for exactly the nine languages', (namespace) => {
    const files = readdirSync(join(localesDir, namespace)).filter((file) => file.endsWith('.json'));
    expect(files.map((file) => file.replace(/\.json$/, '')).sort()).toEqual(expectedLanguages);
  });

  it('English writes every counted text in its two plural forms', () => {
    const unpaired = [...pluralBases].filter(
      (base) => !english.has(`${base}_one`) || !english.has(`${base}_other`),
    );
    const counted = [...english]
      .filter(([key, value]) => /\{\{\s*count\b/.test(value) && !pluralForm.test(key))
      .map(([key]) => key)
      .filter((key) => !countAsFigure.has(key));
    expect({ unpaired, counted }).toEqual({ unpaired: [], counted: [] });
  });

  it('English has no empty text', () => {
    const empty = [...english].filter(([, value]) => value.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  describe.each(others)('%s', (language) => {
    const translated = load(language);

    it('has every English key', () => {
      const missing = [...english.keys()].filter((key) => !translated.has(key));
      expect(missing).toEqual([]);
    });

    it('has no key that English lacks', () => {
      const extra = [...translated.keys()].filter(
        (key) => !english.has(key) && !isPluralFormOfEnglish(key, language),
      );
      expect(extra).toEqual([]);
    });

    it('has no empty text', () => {
      const empty = [...translated].filter(([, value]) => value.trim() === '').map(([key]) => key);
      expect(empty).toEqual([]);
    });

    it('uses the same {{placeholders}} as English', () => {
      const englishOf = (key: string) => {
        const base = key.replace(pluralForm, '');
        return english.get(key) ?? english.get(`${base}_other`) ?? english.get(base);
      };
      const mismatched = [...translated]
        .filter(([key, value]) => {
          const source = englishOf(key);
          if (source === undefined) return false;
          const expected = placeholders(source).filter(
            (name) => !(countMayBeImplicit(key) && name === 'count'),
          );
          const actual = placeholders(value).filter((name) => !(countMayBeImplicit(key) && name === 'count'));
          return actual.join() !== expected.join();
        })
        .map(([key]) => key);
      expect(mismatched).toEqual([]);
    });

    it('has every counted text in exactly the plural forms its language names', () => {
      const wanted = [...pluralCategories(language)].sort();
      const wrong = [...pluralBases]
        .map((base) => {
          const forms = allForms.filter((form) => translated.has(`${base}_${form}`)).sort();
          return { base, forms };
        })
        .filter(({ forms }) => forms.join() !== wanted.join())
        .map(({ base, forms }) => `${base}: ${forms.join(' ')}`);
      expect(wrong).toEqual([]);
    });

    it('keeps no unsuffixed key beside the plural forms of the same text', () => {
      const stale = [...pluralBases].filter((base) => translated.has(base));
      expect(stale).toEqual([]);
    });

    it('does not add the figure to a form that names its number in words', () => {
      // Arabic says "one day" and "two days" through the noun itself (يوم واحد، يومان); a {{count}}
      // there reads "أُنشئ قبل يوم واحد (1)". Other languages' "one" also covers 0, 21 or 1.5.
      if (language !== 'ar') return;
      const doubled = [...translated]
        .filter(([key, value]) => /_(one|two)$/.test(key) && /\{\{\s*count\b/.test(value))
        .map(([key]) => key);
      expect(doubled).toEqual([]);
    });

    it('is really translated (identical to English only where the word is the same)', () => {
      const untranslated = [...english]
        .filter(([key, value]) => translated.get(key) === value)
        .filter(([key]) => !sameAsEnglishAllowed[key]?.includes(language))
        .map(([key]) => key);
      expect(untranslated).toEqual([]);
    });
  });
});

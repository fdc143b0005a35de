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
};

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

function load(language: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(join(localesDir, `${language}.json`), 'utf8')) as Tree);
}

const languages = readdirSync(localesDir)
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''))
  .sort();
const english = load('en');
const others = languages.filter((language) => language !== 'en');

describe('locale files', () => {
  it('exist for exactly the nine interface languages', () => {
    expect(languages).toEqual(expectedLanguages);
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
      const extra = [...translated.keys()].filter((key) => !english.has(key));
      expect(extra).toEqual([]);
    });

    it('has no empty text', () => {
      const empty = [...translated].filter(([, value]) => value.trim() === '').map(([key]) => key);
      expect(empty).toEqual([]);
    });

    it('uses the same {{placeholders}} as English', () => {
      const mismatched = [...english]
        .filter(([key, value]) => {
          const other = translated.get(key);
          return other !== undefined && placeholders(other).join() !== placeholders(value).join();
        })
        .map(([key]) => key);
      expect(mismatched).toEqual([]);
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

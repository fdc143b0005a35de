import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chartModel } from '../../src/studio/chart-model';
import { type FlowTexts, flowStateKey } from '../../src/studio/flow-texts';
import { machineCatalog } from '../../src/studio/machine-catalog';

const localesDir = join(import.meta.dirname, '../../src/locales');
const languages = ['en', 'tr', 'de', 'ar', 'es', 'fr', 'it', 'nn', 'sv'] as const;
const others = languages.filter((language) => language !== 'en');

const read = <T>(path: string) => JSON.parse(readFileSync(join(localesDir, path), 'utf8')) as T;
const flows = Object.fromEntries(
  languages.map((language) => [language, read<Partial<FlowTexts>>(`flows/${language}.json`)]),
);
const purposes = Object.fromEntries(
  languages.map((language) => [
    language,
    read<{ machines?: Record<string, string> }>(`studio/${language}.json`).machines ?? {},
  ]),
);

/** Every state a product owner sees on a diagram, by machine: the keys its texts are filed under. */
const stateKeys = machineCatalog.map(({ name, machine }) => ({
  name,
  keys: chartModel(machine).nodes.map((node) => flowStateKey(node.id) ?? node.id),
}));

const textOf = (language: string, name: string, key: string) => flows[language]?.states?.[name]?.[key];

/** `machine/state` of every state whose text is missing or blank in that language. */
const missingIn = (language: string) =>
  stateKeys.flatMap(({ name, keys }) =>
    keys.filter((key) => !textOf(language, name, key)?.trim()).map((key) => `${name}/${key}`),
  );

/**
 * Texts that are rightly the same as English in that language, by `machine/state` (a state's text
 * here is always a sentence, so none so far).
 */
const sameAsEnglishAllowed: Record<string, readonly string[]> = {};

/**
 * What a developer would write and a product owner should not read: a camelCase name (an event, a
 * guard, a state id), the library's name or its words for the machine's parts.
 */
const codeLike = /\b\p{Ll}+\p{Lu}[\p{L}\d]*|\bxstate\b|\bcontext\b|\bactors?\b|\binvoke[sd]?\b/u;

/** Every text in a language (state texts and machine purposes), with where it is filed. */
function textsIn(language: string): [string, string][] {
  const states = Object.entries(flows[language]?.states ?? {}).flatMap(([name, texts]) =>
    Object.entries(texts).map(([key, text]): [string, string] => [`${name}/${key}`, text]),
  );
  const machines = Object.entries(purposes[language] ?? {}).map(([name, text]): [string, string] => [
    `machines.${name}`,
    text,
  ]);
  return [...states, ...machines];
}

describe('flow texts (each state in the product owner’s words)', () => {
  it.each(languages)('%s has a text for every state of every machine', (language) => {
    expect(missingIn(language)).toEqual([]);
  });

  it.each(languages)('%s has no text for a state no machine has', (language) => {
    const known = new Set(stateKeys.flatMap(({ name, keys }) => keys.map((key) => `${name}/${key}`)));
    const stale = Object.entries(flows[language]?.states ?? {}).flatMap(([name, texts]) =>
      Object.keys(texts)
        .map((key) => `${name}/${key}`)
        .filter((id) => !known.has(id)),
    );
    expect(stale).toEqual([]);
  });

  it.each(others)('%s is really translated, not English copied', (language) => {
    const copied = stateKeys.flatMap(({ name, keys }) =>
      keys
        .filter((key) => {
          const text = textOf(language, name, key);
          return text !== undefined && text === textOf('en', name, key);
        })
        .map((key) => `${name}/${key}`)
        .filter((id) => !sameAsEnglishAllowed[id]?.includes(language)),
    );
    const copiedPurposes = machineCatalog
      .map(({ name }) => name)
      .filter((name) => {
        const purpose = purposes[language]?.[name];
        return purpose !== undefined && purpose === purposes.en?.[name];
      });
    expect({ copied, copiedPurposes }).toEqual({ copied: [], copiedPurposes: [] });
  });

  it.each(languages)('%s names no code (camelCase names, xstate, context, actors)', (language) => {
    const coded = textsIn(language)
      .filter(([, text]) => codeLike.test(text))
      .map(([id, text]) => `${id}: ${text.match(codeLike)?.[0]}`);
    expect(coded).toEqual([]);
  });

  it('files each text under the state id without the machine’s root', () => {
    expect(flowStateKey('checkout.form.editing')).toBe('form.editing');
    expect(flowStateKey('tabSync.listening')).toBe('listening');
    expect(flowStateKey('checkout')).toBeUndefined();
  });
});

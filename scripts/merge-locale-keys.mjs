#!/usr/bin/env node
// Deep-merges new translation keys into src/locales/<lang>.json, so several people can add keys
// without editing the nine files by hand. Input: a JSON file shaped { "<lang>": { nested keys } }
// for all nine languages. Existing keys are overwritten with the new text; order is kept.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LANGUAGES = ['en', 'tr', 'de', 'ar', 'es', 'fr', 'it', 'nn', 'sv'];
// `--namespace studio` merges into src/locales/studio/<lang>.json (a namespace loaded on demand).
const args = process.argv.slice(2);
const namespaceAt = args.indexOf('--namespace');
const namespace = namespaceAt >= 0 ? args.splice(namespaceAt, 2)[1] : null;
const file = args[0];
if (!file) {
  console.error('usage: node scripts/merge-locale-keys.mjs [--namespace studio] additions.json');
  process.exit(2);
}
const additions = JSON.parse(readFileSync(file, 'utf8'));
const missing = LANGUAGES.filter((lang) => !additions[lang]);
if (missing.length) {
  console.error(`no keys for: ${missing.join(', ')}`);
  process.exit(2);
}

const merge = (target, source) => {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      target[key] = target[key] && typeof target[key] === 'object' ? target[key] : {};
      merge(target[key], value);
    } else target[key] = value;
  }
  return target;
};

for (const lang of LANGUAGES) {
  const path = join(
    import.meta.dirname,
    '..',
    'src',
    'locales',
    ...(namespace ? [namespace] : []),
    `${lang}.json`,
  );
  const current = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
  writeFileSync(path, `${JSON.stringify(merge(current, additions[lang]), null, 2)}\n`);
}
console.log(`merged ${file} into ${LANGUAGES.length} locales`);

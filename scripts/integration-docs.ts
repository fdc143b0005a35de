/**
 * `npm run integration:docs`: writes the integration API's OpenAPI document to
 * docs/openapi/integration-v1.json (formatted by biome, as the lint wants every JSON file) and its
 * readable rendering to docs/integration-api.md. `-- --check` only compares them (exit 1 when
 * either is out of date); a test does the same.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importKinds } from '../server/imports/import-kinds';
import { buildIntegrationOpenApi } from '../server/integration/openapi';
import { integrationApiMarkdown } from '../server/integration/openapi-markdown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const openApiFile = join(root, 'docs', 'openapi', 'integration-v1.json');
export const markdownFile = join(root, 'docs', 'integration-api.md');

/** Both files' wanted contents. */
export function integrationDocs(): { json: string; markdown: string } {
  const document = buildIntegrationOpenApi();
  return {
    json: `${JSON.stringify(document, null, 2)}\n`,
    markdown: integrationApiMarkdown(
      document,
      Object.fromEntries(Object.entries(importKinds).map(([kind, handler]) => [kind, handler.columns])),
    ),
  };
}

const readOr = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** The document as written: compared by its content, since biome decides its layout. */
const sameDocument = (written: string | undefined, json: string) => {
  try {
    return written !== undefined && JSON.stringify(JSON.parse(written)) === JSON.stringify(JSON.parse(json));
  } catch {
    return false;
  }
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { json, markdown } = integrationDocs();
  if (process.argv.includes('--check')) {
    const stale = [
      ...(sameDocument(readOr(openApiFile), json) ? [] : [openApiFile]),
      ...(readOr(markdownFile) === markdown ? [] : [markdownFile]),
    ];
    for (const file of stale) console.error(`${file} is out of date: run npm run integration:docs`);
    process.exit(stale.length > 0 ? 1 : 0);
  }
  mkdirSync(dirname(openApiFile), { recursive: true });
  writeFileSync(openApiFile, json);
  execFileSync(join(root, 'node_modules', '.bin', 'biome'), ['format', '--write', openApiFile], {
    stdio: 'ignore',
  });
  console.log(`Wrote ${openApiFile}`);
  writeFileSync(markdownFile, markdown);
  console.log(`Wrote ${markdownFile}`);
}

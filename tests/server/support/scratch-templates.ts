/**
 * Vitest global setup: one template database per test run, so each test server's scratch database is a
 * copy instead of a fresh migration and seed (server/db/scratch-database.ts). The key reaches the
 * workers through the environment they inherit; the teardown drops the templates.
 */
import { randomUUID } from 'node:crypto';
import { dropScratchTemplates, scratchTemplateKeyVariable } from '../../../server/db/scratch-database';

export default function setup() {
  const key = randomUUID();
  process.env[scratchTemplateKeyVariable] = key;
  return () => dropScratchTemplates(key);
}

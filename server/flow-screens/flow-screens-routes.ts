import { readFile } from 'node:fs/promises';
import { Hono } from 'hono';
import type * as z from 'zod/mini';
import type { flowScreensListWire } from '../../src/services/api/wire/flow-screens';
import { requireFlowReviewer } from '../flow-sign-offs/require-flow-reviewer';
import type { AppDeps, AppEnv } from '../http/app-env';
import { findImage, listManifests } from './flow-screens-folder';

const notFound = { detail: 'Not found.', code: 'not_found' } as const;

/**
 * /api/studio/flow-screens/: the screenshots of the flows' states for the statechart studio, read
 * from FLOW_SCREENS_DIR (server/flow-screens/flow-screens-folder.ts). `dir` unset: nothing was taken.
 */
export function flowScreensRoutes(deps: AppDeps, dir: string | undefined) {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireFlowReviewer(deps));

  routes.get('/:machine/', async (c) => {
    const body: z.infer<typeof flowScreensListWire> = {
      manifests: dir ? await listManifests(dir, c.req.param('machine')) : [],
    };
    // a new run may land at any moment: ask again each time, the answer is small
    return c.json(body, 200, { 'Cache-Control': 'private, no-cache' });
  });

  routes.get('/:machine/:version/:stateId/:variant', async (c) => {
    const image = dir ? await findImage(dir, c.req.param()) : undefined;
    if (!image) return c.json(notFound, 404);
    // a rerun of the same version replaces the file: the tag follows its size and time
    const etag = `"${image.size.toString(36)}-${Math.round(image.modifiedMs).toString(36)}"`;
    const headers = {
      'Content-Type': image.contentType,
      'Cache-Control': 'private, max-age=3600',
      ETag: etag,
    };
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers);
    return c.body(await readFile(image.path), 200, headers);
  });

  return routes;
}

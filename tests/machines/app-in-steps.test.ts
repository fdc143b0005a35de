import { describe, expect, it } from 'vitest';
import { createPortalInSteps } from '../../src/machines/app.actor';
import { createFakeFetch, jsonResponse } from '../../src/test/fakeFetch';

describe('the portal started in steps (main.tsx; issue 15: one long task before)', () => {
  it('binds, creates and starts the root actor in three tasks, and asks the server nothing before the last', async () => {
    const fake = createFakeFetch(() => jsonResponse({ detail: 'Not found' }, { status: 404 }));
    const steps: string[] = [];
    let release: () => void = () => undefined;
    const between = () => {
      steps.push('yield');
      return new Promise<void>((resolve) => (release = resolve));
    };
    const started = createPortalInSteps(
      { apiBase: 'http://portal.test/api' },
      { fetch: fake.fetch },
      between,
    );
    expect(steps).toEqual(['yield']); // bound, nothing created yet
    release();
    await Promise.resolve();
    await Promise.resolve();
    expect(steps).toEqual(['yield', 'yield']); // created, not started: no child has asked for anything
    expect(fake.requests).toEqual([]);
    release();
    const portal = await started;
    expect(portal.app.getSnapshot().status).toBe('active');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.requests.length).toBeGreaterThan(0); // the started children load what they need
    portal.app.stop();
  });
});

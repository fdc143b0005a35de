import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createStaffArea } from '../../../src/machines/staff';
import { StaffConsole } from '../../../src/ui/screens/staff/staff-area';

export interface StaffCall {
  method: string;
  /** the path under /api/ with its query */
  url: string;
  body: unknown;
}

type Answer = (call: StaffCall) => { status?: number; body?: unknown };

/**
 * The staff API as a fake fetch: each answer by `METHOD path` (the query apart), given the call so it
 * can answer what the call asked; every call recorded. A path with no answer is a 404.
 */
export function fakeStaffServer(answers: Record<string, Answer>) {
  const calls: StaffCall[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\//, '');
    const text = request.body ? await request.clone().text() : '';
    const call = {
      method: request.method,
      url: `${path}${url.search}`,
      body: text ? JSON.parse(text) : null,
    };
    calls.push(call);
    const answer = answers[`${request.method} ${path}`];
    if (!answer)
      return new Response(JSON.stringify({ detail: 'Not found.', code: 'not_found' }), { status: 404 });
    const { status = 200, body } = answer(call);
    if (status === 204) return new Response(null, { status });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

/** The console signed in (a session this tab kept), opened at `path`; copied texts are collected. */
export function renderStaffConsole(server: ReturnType<typeof fakeStaffServer>, path: string) {
  sessionStorage.setItem(
    'staff.session',
    JSON.stringify({
      access: 'staff-token',
      expiresAt: '2999-01-01T00:00:00.000Z',
      name: 'Supplier staff',
      username: 'staff',
    }),
  );
  const copied: string[] = [];
  const area = createStaffArea({
    apiBase: 'http://portal.test/api',
    fetch: server.fetch,
    storage: () => sessionStorage,
    copyText: async (text) => {
      copied.push(text);
    },
  });
  const { hook, searchHook } = memoryLocation({ path });
  render(
    <Router hook={hook} searchHook={searchHook}>
      <StaffConsole area={area} />
    </Router>,
  );
  return { area, copied };
}

import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import { figuresChanged, keptSearchAnswer, SEARCH_ANSWER_FRESH_MS } from '../../server/search/search-answers';
import type { ProductWire } from '../../src/services/api/wire/catalog';

/** An answer told apart by its id alone; the kept answers never look inside. */
const answer = (id: number) => [{ id } as ProductWire];

/** A load the test finishes by hand, so what is served while a read is under way is visible. */
function pendingLoad(id: number) {
  let finish: () => void = () => undefined;
  let fail: () => void = () => undefined;
  const promise = new Promise<ProductWire[]>((resolve, reject) => {
    finish = () => resolve(answer(id));
    fail = () => reject(new Error('database gone'));
  });
  const load = () => {
    load.calls += 1;
    return promise;
  };
  load.calls = 0;
  return { load, finish, fail };
}

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
const ids = async (products: Promise<readonly ProductWire[]>) => (await products).map((p) => p.id);
/** Lets settled promises run their callbacks. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
// Late in the second: past the moment any kept answer starts its read ahead, before it ends.
const LATE = SEARCH_ANSWER_FRESH_MS - 10;

describe('kept search answers read anew ahead of their end', () => {
  it('serve the kept answer while the next one is read, then the next one', async () => {
    const db = {} as Kysely<Database>;
    expect(await ids(keptSearchAnswer(db, '1', 'en|tea', at(0), async () => answer(1)))).toEqual([1]);
    const next = pendingLoad(2);
    // Late in its second: the kept answer is served at once and the read of the next one starts.
    expect(await ids(keptSearchAnswer(db, '1', 'en|tea', at(LATE), next.load))).toEqual([1]);
    expect(next.load.calls).toBe(1);
    // While that read is under way nobody waits for it, and it is not started twice.
    expect(await ids(keptSearchAnswer(db, '1', 'en|tea', at(LATE + 5), next.load))).toEqual([1]);
    expect(next.load.calls).toBe(1);
    next.finish();
    await settle();
    expect(await ids(keptSearchAnswer(db, '1', 'en|tea', at(LATE + 6), next.load))).toEqual([2]);
  });

  it('never serve an answer a second after its read began, even while its successor is read', async () => {
    const db = {} as Kysely<Database>;
    await keptSearchAnswer(db, '1', 'en|tea', at(0), async () => answer(1));
    const slow = pendingLoad(2);
    expect(await ids(keptSearchAnswer(db, '1', 'en|tea', at(LATE), slow.load))).toEqual([1]);
    // The second of the first answer is over and its successor is not complete: read anew now.
    const now = keptSearchAnswer(db, '1', 'en|tea', at(SEARCH_ANSWER_FRESH_MS), async () => answer(3));
    expect(await ids(now)).toEqual([3]);
    // The late successor does not replace the newer answer.
    slow.finish();
    await settle();
    expect(
      await ids(keptSearchAnswer(db, '1', 'en|tea', at(SEARCH_ANSWER_FRESH_MS + 1), async () => answer(4))),
    ).toEqual([3]);
  });

  it('count the successor’s second from the start of its read', async () => {
    const db = {} as Kysely<Database>;
    await keptSearchAnswer(db, '1', 'en|tea', at(0), async () => answer(1));
    const next = pendingLoad(2);
    await keptSearchAnswer(db, '1', 'en|tea', at(LATE), next.load);
    next.finish();
    await settle();
    // Still served just before its own second is over (this request starts a read that never ends).
    const never = pendingLoad(9);
    expect(
      await ids(keptSearchAnswer(db, '1', 'en|tea', at(LATE + SEARCH_ANSWER_FRESH_MS - 1), never.load)),
    ).toEqual([2]);
    expect(
      await ids(
        keptSearchAnswer(db, '1', 'en|tea', at(LATE + SEARCH_ANSWER_FRESH_MS), async () => answer(5)),
      ),
    ).toEqual([5]);
    never.finish();
    await settle();
  });

  it('drop a successor read before a change made by this process', async () => {
    const db = {} as Kysely<Database>;
    await keptSearchAnswer(db, '1', 'en|tea', at(0), async () => answer(1));
    const next = pendingLoad(2);
    await keptSearchAnswer(db, '1', 'en|tea', at(LATE), next.load);
    // An order taking stock while the successor is read: neither it nor the kept answer is served.
    figuresChanged();
    next.finish();
    await settle();
    expect(await ids(keptSearchAnswer(db, '1', 'en|tea', at(LATE + 1), async () => answer(6)))).toEqual([6]);
  });

  it('keep the kept answer to its end when the read ahead fails, then read anew', async () => {
    const db = {} as Kysely<Database>;
    await keptSearchAnswer(db, '1', 'en|tea', at(0), async () => answer(1));
    const failing = pendingLoad(2);
    await keptSearchAnswer(db, '1', 'en|tea', at(LATE), failing.load);
    failing.fail();
    await settle();
    expect(await ids(keptSearchAnswer(db, '1', 'en|tea', at(LATE + 1), failing.load))).toEqual([1]);
    expect(
      await ids(keptSearchAnswer(db, '1', 'en|tea', at(SEARCH_ANSWER_FRESH_MS), async () => answer(7))),
    ).toEqual([7]);
  });

  it('read anew at once for a new catalogue version', async () => {
    const db = {} as Kysely<Database>;
    await keptSearchAnswer(db, '1', 'en|tea', at(0), async () => answer(1));
    expect(await ids(keptSearchAnswer(db, '2', 'en|tea', at(1), async () => answer(8)))).toEqual([8]);
  });
});

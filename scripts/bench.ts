/**
 * `npm run bench`: every benchmark of the quick order, one after the other. Prints figures; asserts nothing.
 * 1. the parser on 10,000 rows in Node (xlsx, xls, csv, pasted text);
 * 2. the browser: a 10,000-row sheet uploaded, read in the worker, looked up and validated, with the longest
 *    main-thread task meanwhile.
 */
import { execFileSync } from 'node:child_process';

for (const script of ['scripts/bench-quick-order-parse.ts', 'scripts/bench-quick-order-browser.ts']) {
  execFileSync('npx', ['tsx', script], { stdio: 'inherit' });
}

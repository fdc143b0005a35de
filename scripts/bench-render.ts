/**
 * `npm run bench:render`: the browser side's rendering benches, one after the other. Prints figures;
 * asserts nothing.
 * 1. the cart drawer with 300 lines (jsdom, React <Profiler>): what one quantity change re-renders
 *    (benches/cart-render.bench-run.tsx; BENCH_CART_LINES, BENCH_CART_CHANGES);
 * 2. /products/ on 50,000 products in Chromium: long tasks, total blocking time and frames while
 *    scrolling (scripts/bench-render-products.ts; BENCH_PRODUCTS, BENCH_DIST_DIR).
 * BENCH_ONLY=cart or BENCH_ONLY=products runs one of them.
 */
import { execFileSync } from 'node:child_process';

const only = process.env.BENCH_ONLY;
if (only !== 'products')
  execFileSync('npx', ['vitest', 'run', '--config', 'benches/vitest.config.ts'], { stdio: 'inherit' });
if (only !== 'cart') execFileSync('npx', ['tsx', 'scripts/bench-render-products.ts'], { stdio: 'inherit' });

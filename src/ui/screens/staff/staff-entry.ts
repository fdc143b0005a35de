import { lazy } from 'react';

/**
 * The /staff route's entry: a chunk with nothing in it but the way to the staff area, so the login
 * route's own chunk names one file for it, not the staff area's dozen shared chunks.
 */
export default lazy(() => import('./staff-area').then((module) => ({ default: module.StaffAreaRoot })));

import { createElement, lazy } from 'react';

/**
 * The /staff route's entry: a chunk with nothing in it but the way to the staff area, so the login
 * route's own chunk names one file for it, not the staff area's dozen shared chunks. It must export
 * a component, not a lazy one: React's lazy takes a module whose default is a function.
 */
const StaffArea = lazy(() => import('./staff-area').then((module) => ({ default: module.StaffAreaRoot })));

export default function StaffEntry() {
  return createElement(StaffArea);
}

import { useEffect, useEffectEvent, useRef } from 'react';

// A layer over a page (the product dialog, the cart drawer) is no page of its own, yet a buyer presses
// Back to leave it, and Back that left the page instead would lose the list, its filters and its scroll.
// So an opened layer gets a history entry of the same address, marked with the opening's number in the
// entry's state.
//
// One layer often hands over to another in a single click ("Go to cart" closes the product dialog and
// opens the drawer). history.back() is asynchronous: a back() for the closing layer followed by a push
// for the opening one would let the back's late popstate close the new layer, or leave the old entry
// under it. So openings and closings of one render are settled together afterwards, and a closing
// layer hands its entry to an opening one (replaceState) instead of going back.

const KEY = 'portalLayer';
let openings = 0;
/** Layer entries this page pushed, oldest first, as far as the history still holds them. */
let stack: number[] = [];
let opened: number[] = [];
let closed: number[] = [];
/** Opened layers whose entry is not pushed yet. */
const waiting = new Set<number>();
let settleQueued = false;

const layerIn = (state: unknown): number | undefined => {
  const layer =
    typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[KEY] : undefined;
  return typeof layer === 'number' ? layer : undefined;
};

function withLayer(layer: number) {
  return { ...(window.history.state ?? {}), [KEY]: layer };
}

function settle() {
  settleQueued = false;
  const opening = opened.filter((layer) => !closed.includes(layer));
  const closing = closed.filter((layer) => !opened.includes(layer));
  for (const layer of closed) waiting.delete(layer);
  opened = [];
  closed = [];
  const top = stack.at(-1);
  if (top === undefined || layerIn(window.history.state) !== top) {
    // the history moved on (a link left the page): entries behind the current one cannot be taken back
    stack = stack.filter((layer) => !closing.includes(layer));
  } else {
    let ending = 0;
    while (ending < stack.length && closing.includes(stack[stack.length - 1 - ending] as number)) ending += 1;
    const handedTo = ending === 1 ? opening.shift() : undefined;
    if (handedTo !== undefined) {
      waiting.delete(handedTo);
      window.history.replaceState(withLayer(handedTo), '');
      stack[stack.length - 1] = handedTo;
    } else if (ending > 0) {
      stack = stack.slice(0, stack.length - ending);
      window.history.go(-ending);
      // pushes now would land before the asynchronous go() is done: they wait for its popstate
      if (opening.length > 0) afterPop = () => push(opening);
      return;
    }
  }
  push(opening);
}

function push(layers: number[]) {
  for (const layer of layers) {
    waiting.delete(layer);
    window.history.pushState(withLayer(layer), '');
    stack.push(layer);
  }
}

let afterPop: (() => void) | null = null;
let listening = false;

function listen() {
  if (listening) return;
  listening = true;
  window.addEventListener('popstate', () => {
    const current = layerIn(window.history.state);
    stack = current === undefined ? [] : stack.filter((layer) => layer <= current);
    const next = afterPop;
    afterPop = null;
    next?.();
  });
}

function queue(list: number[], layer: number) {
  list.push(layer);
  if (settleQueued) return;
  settleQueued = true;
  // after every effect of this render has reported its layer
  queueMicrotask(settle);
}

/**
 * Back closes the layer while `open` (`onBack` closes it) and stays on the page. A layer closed any
 * other way takes its entry along (or hands it to the layer opened in its place), so the next Back
 * leaves the page as it should; a link that leaves the layer for another page should replace the
 * layer's entry (`<Link replace>`).
 */
export function useBackCloses(open: boolean, onBack: () => void) {
  const entry = useRef<number | null>(null);
  const closeOnBack = useEffectEvent(onBack);

  useEffect(() => {
    listen();
    const popped = () => {
      if (entry.current === null || waiting.has(entry.current)) return;
      // Back went below this layer's entry (entries of later openings lie above it)
      const current = layerIn(window.history.state);
      if (current !== undefined && current >= entry.current) return;
      entry.current = null;
      closeOnBack();
    };
    window.addEventListener('popstate', popped);
    return () => window.removeEventListener('popstate', popped);
  }, []);

  // Acts on changes only, never in a cleanup: StrictMode's second run finds its entry already there.
  useEffect(() => {
    if (open && entry.current === null) {
      openings += 1;
      entry.current = openings;
      waiting.add(openings);
      queue(opened, openings);
    } else if (!open && entry.current !== null) {
      queue(closed, entry.current);
      entry.current = null;
    }
  }, [open]);
}

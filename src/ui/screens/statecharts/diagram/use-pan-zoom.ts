import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { type Box, fitViewport } from '../../../../studio/chart-layout';
import type { Viewport } from './chart-svg';

const MIN_SCALE = 0.2;
const MAX_SCALE = 3;
const STEP = 1.25;
const PAN_STEP = 60;

const clamp = (k: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, k));

const boxOf = (element: HTMLElement | null): Size => {
  const rect = element?.getBoundingClientRect();
  return { width: rect?.width ?? 0, height: rect?.height ?? 0 };
};

interface Size {
  width: number;
  height: number;
}

/**
 * Pan (drag, arrow keys), zoom (wheel at the pointer, + and −, buttons), fit (0) and 100 % for one
 * diagram. The view's own state: where the user looks is not the machine's business.
 *
 * A chart opens readable: whole when it fits at a legible zoom, else at that zoom centred on
 * `focus` (the current state, or the initial one), following it while the user has not moved the
 * view. Fit (the button, 0) shows the whole chart however small.
 */
export function usePanZoom(content: Size | null, focus?: Box) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<Viewport>({ x: 0, y: 0, k: 1 });
  const [width, setWidth] = useState(0);
  const drag = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  const touched = useRef(false);
  const whole = useRef(false);

  const fitToView = useCallback(() => {
    if (!content) return;
    const view = boxOf(containerRef.current);
    setViewport(fitViewport(content, view, whole.current ? { minZoom: MIN_SCALE } : { focus }));
  }, [content, focus]);

  const zoomBy = useCallback((factor: number, at?: { x: number; y: number }) => {
    touched.current = true;
    const { width: w, height: h } = boxOf(containerRef.current);
    const centre = at ?? { x: w / 2, y: h / 2 };
    setViewport((v) => {
      const k = clamp(v.k * factor);
      return { k, x: centre.x - ((centre.x - v.x) * k) / v.k, y: centre.y - ((centre.y - v.y) * k) / v.k };
    });
  }, []);

  const zoomIn = useCallback(() => zoomBy(STEP), [zoomBy]);
  const zoomOut = useCallback(() => zoomBy(1 / STEP), [zoomBy]);
  const actualSize = useCallback(() => {
    touched.current = true;
    setViewport((v) => {
      const { width: w, height: h } = boxOf(containerRef.current);
      const k = 1;
      return { k, x: w / 2 - ((w / 2 - v.x) * k) / v.k, y: h / 2 - ((h / 2 - v.y) * k) / v.k };
    });
  }, []);
  const fitNow = useCallback(() => {
    touched.current = false;
    whole.current = true;
    fitToView();
  }, [fitToView]);

  // fit when the chart arrives or the focus moves, and again when the box changes size, until the
  // user has moved the view
  useEffect(() => {
    if (!touched.current) fitToView();
    const element = containerRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      setWidth(element.getBoundingClientRect().width);
      if (!touched.current) fitToView();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [fitToView]);

  // the wheel zooms at the pointer (a non-passive listener, so the page does not scroll meanwhile)
  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      zoomBy(Math.exp(-event.deltaY * 0.0015), { x: event.clientX - rect.left, y: event.clientY - rect.top });
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [zoomBy]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    drag.current = { ...start, x: event.clientX, y: event.clientY };
    touched.current = true;
    setViewport((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
  };

  const pan = (dx: number, dy: number) => {
    touched.current = true;
    setViewport((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const action = keyAction(event.key);
    if (!action) return;
    event.preventDefault();
    if (action === 'in') zoomIn();
    else if (action === 'out') zoomOut();
    else if (action === 'fit') fitNow();
    else if (action === 'actual') actualSize();
    else pan(action.x, action.y);
  };

  return {
    containerRef,
    viewport,
    width,
    zoomIn,
    zoomOut,
    fitToView: fitNow,
    actualSize,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp, onKeyDown },
  };
}

type KeyAction = 'in' | 'out' | 'fit' | 'actual' | { x: number; y: number };

function keyAction(key: string): KeyAction | null {
  switch (key) {
    case '+':
    case '=':
      return 'in';
    case '-':
    case '_':
      return 'out';
    case '0':
      return 'fit';
    case '1':
      return 'actual';
    case 'ArrowLeft':
      return { x: PAN_STEP, y: 0 };
    case 'ArrowRight':
      return { x: -PAN_STEP, y: 0 };
    case 'ArrowUp':
      return { x: 0, y: PAN_STEP };
    case 'ArrowDown':
      return { x: 0, y: -PAN_STEP };
    default:
      return null;
  }
}

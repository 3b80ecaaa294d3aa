// Touch and mouse on the page: swipe to turn (when not zoomed), pinch and double-tap (or
// double-click, ctrl+wheel, +/-) to zoom, drag to pan a zoomed page, a single tap to show or hide
// the bars (told apart from a double tap by waiting for one). Pointer events cover touch, pen and
// mouse alike.
import { useCallback, useEffect, useRef, useState, type PointerEvent, type WheelEvent } from 'react';

export interface Zoom {
  scale: number;
  x: number;
  y: number;
}
const NONE: Zoom = { scale: 1, x: 0, y: 0 };
const MAX_SCALE = 4;
const DOUBLE_TAP_MS = 300;
const SWIPE_PX = 50;

const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(1, s));

export function useGestures(onSwipe: (direction: 1 | -1) => void, onTap: () => void) {
  const [zoom, setZoom] = useState<Zoom>(NONE);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const start = useRef<{ x: number; y: number; zoom: Zoom; distance: number; mid: { x: number; y: number } } | null>(null);
  // The last single tap's time, none at first: event times count from the page's start, so a first tap
  // within DOUBLE_TAP_MS of it was taken for the second of a double tap (zoomed instead of toggling the bars).
  const lastTap = useRef(-Infinity);
  const tapTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(tapTimer.current), []);

  /** Zoom to `scale` keeping the point (client coordinates, relative to the stage centre) still. */
  const zoomAt = useCallback((scale: number, px = 0, py = 0) => {
    setZoom((z) => {
      const s = clampScale(scale);
      if (s === 1) return NONE;
      const k = s / z.scale;
      return { scale: s, x: px - (px - z.x) * k, y: py - (py - z.y) * k };
    });
  }, []);

  const reset = useCallback(() => setZoom(NONE), []);
  const relative = (e: { clientX: number; clientY: number; currentTarget: Element }) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - (r.left + r.width / 2), y: e.clientY - (r.top + r.height / 2) };
  };

  const snapshot = (z: Zoom) => {
    const [a, b] = [...pointers.current.values()];
    const distance = b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
    const mid = b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : a;
    start.current = { x: a.x, y: a.y, zoom: z, distance, mid };
  };

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    // Controls on the page (turn arrows, the end-of-issue panel) keep their own clicks.
    if (e.button !== 0 || (e.target as Element).closest('button, a, input, [data-no-gestures]')) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    snapshot(zoom);
  };

  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    if (!pointers.current.has(e.pointerId) || !start.current) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const s = start.current;
    const [a, b] = [...pointers.current.values()];
    if (b && s.distance > 0) {
      const scale = clampScale(s.zoom.scale * (Math.hypot(a.x - b.x, a.y - b.y) / s.distance));
      setZoom(scale === 1 ? NONE : { scale, x: s.zoom.x + ((a.x + b.x) / 2 - s.mid.x), y: s.zoom.y + ((a.y + b.y) / 2 - s.mid.y) });
    } else if (s.zoom.scale > 1) {
      setZoom({ ...s.zoom, x: s.zoom.x + (a.x - s.x), y: s.zoom.y + (a.y - s.y) });
    }
  };

  const onPointerUp = (e: PointerEvent<HTMLElement>) => {
    const s = start.current;
    const was = pointers.current.get(e.pointerId);
    pointers.current.delete(e.pointerId);
    if (pointers.current.size > 0) {
      snapshot(zoom); // one finger lifted from a pinch: carry on panning from here
      return;
    }
    start.current = null;
    if (!s || !was || s.distance > 0) return;
    const dx = e.clientX - s.x;
    const dy = e.clientY - s.y;
    if (s.zoom.scale === 1 && Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy) * 1.5) {
      onSwipe(dx < 0 ? 1 : -1);
      return;
    }
    if (Math.hypot(dx, dy) < 10) {
      const now = e.timeStamp;
      if (now - lastTap.current < DOUBLE_TAP_MS) {
        lastTap.current = -Infinity;
        clearTimeout(tapTimer.current);
        const p = relative(e);
        if (zoom.scale > 1) reset();
        else zoomAt(2.5, p.x, p.y);
      } else {
        lastTap.current = now;
        tapTimer.current = setTimeout(onTap, DOUBLE_TAP_MS);
      }
    }
  };

  /** The browser took the pointer (a scroll of a page wider than tall): neither a tap nor a swipe. */
  const onPointerCancel = (e: PointerEvent<HTMLElement>) => {
    pointers.current.delete(e.pointerId);
    if (!pointers.current.size) start.current = null;
  };

  const onWheel = (e: WheelEvent<HTMLElement>) => {
    if (!e.ctrlKey) return;
    const p = relative(e);
    zoomAt(zoom.scale * (e.deltaY < 0 ? 1.2 : 1 / 1.2), p.x, p.y);
  };

  // Stable between turns: the bar that takes it is not drawn again at each turn.
  const zoomBy = useCallback((factor: number) => zoomAt(zoom.scale * factor), [zoom.scale, zoomAt]);

  return {
    zoom,
    zoomBy,
    reset,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onWheel },
  };
}

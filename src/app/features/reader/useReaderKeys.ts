// The keyboard: arrows, Page Up/Down and space turn; Home and End go to the first and last page;
// + - 0 zoom. Tab shows the bars, whose controls it reaches. Typing in a field is left alone.
import { useEffect } from 'react';

interface Keys {
  turn: (direction: 1 | -1) => void;
  goTo: (page: number) => void;
  count: number;
  zoomBy: (factor: number) => void;
  resetZoom: () => void;
  showBars: () => void;
}

export function useReaderKeys({ turn, goTo, count, zoomBy, resetZoom, showBars }: Keys) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Tab') showBars();
      if ((e.target as HTMLElement).closest('input, textarea')) return;
      const keys: Record<string, () => void> = {
        ArrowRight: () => turn(1),
        ArrowLeft: () => turn(-1),
        PageDown: () => turn(1),
        PageUp: () => turn(-1),
        ' ': () => turn(1),
        Home: () => goTo(1),
        End: () => goTo(count),
        '+': () => zoomBy(1.25),
        '=': () => zoomBy(1.25),
        '-': () => zoomBy(0.8),
        '0': resetZoom,
      };
      const action = keys[e.key];
      if (action && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        action();
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [turn, goTo, count, zoomBy, resetZoom, showBars]);
}

// Short confirmations ('Updated successfully', …): showToast from anywhere, one Toaster in the
// layout reads them out politely and hides them after a few seconds.
import { useEffect, useState, useSyncExternalStore } from 'react';

let current: { id: number; text: string } | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function showToast(text: string) {
  current = { id: (current?.id ?? 0) + 1, text };
  emit();
}

export function Toaster() {
  const toast = useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => current,
  );
  // Each toast shows until its own timer hides it; a newer one restarts the clock.
  const [hiddenId, setHiddenId] = useState(0);
  const visible = toast !== null && toast.id !== hiddenId;
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setHiddenId(toast.id), 3500);
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <div role="status" aria-live="polite" className="toast-region">
      {toast && visible && (
        <div className="toast" data-testid="toast">
          {toast.text}
        </div>
      )}
    </div>
  );
}

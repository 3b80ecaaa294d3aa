// Short confirmations ('Updated successfully', …): showToast from anywhere, one Toaster in the
// layout reads them out politely and hides them after a few seconds.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';

/** A next step the toast offers (an app path with its locale). */
export interface ToastLink {
  to: string;
  label: string;
}

let current: { id: number; text: string; link?: ToastLink } | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function showToast(text: string, link?: ToastLink) {
  current = { id: (current?.id ?? 0) + 1, text, link };
  emit();
}

export function Toaster() {
  const toast = useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => current,
    () => null,
  );
  // Each toast shows until its own timer hides it; a newer one restarts the clock.
  const [hiddenId, setHiddenId] = useState(0);
  const visible = toast !== null && toast.id !== hiddenId;
  useEffect(() => {
    if (!toast) return;
    // One with a link stays long enough to reach it.
    const timer = setTimeout(() => setHiddenId(toast.id), toast.link ? 8000 : 3500);
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <div role="status" aria-live="polite" className="toast-region">
      {toast && visible && (
        <div className="toast" data-testid="toast">
          <span>{toast.text}</span>
          {toast.link && (
            <Link className="toast__link" to={toast.link.to} onClick={() => setHiddenId(toast.id)}>
              {toast.link.label}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}

// The generic popup of spec §2: a box over an overlay, with a close button. A native <dialog>
// opened with showModal(): the page behind is inert and hidden from screen readers, which announce
// the dialog by its title and read its body. Escape, the close button and a click on the overlay
// close it; focus stays inside while open and goes back where it was (useFocusTrap).
import { useCallback, useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './Icons';
import { useFocusTrap } from './useFocusTrap';

export function Popup(props: {
  title: ReactNode;
  children?: ReactNode;
  /** Buttons in a form that closes the popup (method="dialog"), e.g. Ok. */
  actions?: ReactNode;
  onClose: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const close = useCallback(() => ref.current?.close(), []);
  // Opened before the focus trap looks for something to focus (effects run in this order).
  useEffect(() => {
    if (!ref.current?.open) ref.current?.showModal();
  }, []);
  useFocusTrap(ref, close);
  return (
    <dialog
      ref={ref}
      className="popup"
      aria-labelledby={`${id}title`}
      aria-describedby={props.children ? `${id}body` : undefined}
      onClose={props.onClose}
      // The box fills the dialog: a click on the dialog itself is a click on the overlay.
      onClick={(e) => e.target === e.currentTarget && close()}
      data-testid={props.testId}
    >
      <div className="popup__box">
        {/* First in order (focused on opening), drawn in the corner. */}
        <button type="button" className="icon-button popup__close" onClick={close} aria-label={t('popup.close')} data-testid="popup-close">
          <CloseIcon />
        </button>
        <h2 id={`${id}title`} className="dialog__title popup__title">
          {props.title}
        </h2>
        {props.children && (
          <div id={`${id}body`} className="popup__body">
            {props.children}
          </div>
        )}
        {props.actions && (
          <form method="dialog" className="dialog__actions">
            {props.actions}
          </form>
        )}
      </div>
    </dialog>
  );
}

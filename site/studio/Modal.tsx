/** A native modal dialog with a heading: focus moves into it when it opens and back to what had it when it closes. */
import { useEffect, useRef, useState, type ReactNode } from "react";

export interface ModalProps {
  title: string;
  /** Escape, or the dialog's own way out. */
  onCancel: () => void;
  children: ReactNode;
  className?: string;
}

export function Modal({ title, onCancel, children, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = `dialog-${title.replace(/\W+/g, "-").toLowerCase()}`;
  // Taken as the dialog is first drawn: by the time effects run, a field of the dialog with autoFocus has the focus.
  const [opener] = useState(() => (typeof document !== "undefined" && document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={["studio-dialog", className].filter(Boolean).join(" ")}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}

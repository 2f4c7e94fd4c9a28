/**
 * Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo: but not in a text box, whose own undo the analyst expects there. A list
 * just chosen from has no undo of its own, so there they undo the choice.
 */
import { useEffect } from "react";

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && !["button", "checkbox", "radio", "submit", "reset"].includes(target.type));
}

export function useUndoShortcuts(undo: () => void, redo: () => void, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || typingIn(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === "z" && !event.shiftKey) undo();
      else if ((key === "z" && event.shiftKey) || key === "y") redo();
      else return;
      event.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [undo, redo, enabled]);
}

/** What the page asks before it is left with changes not yet kept. */
export const LEAVE_QUESTION = "Leave this page? Your changes are not kept yet and would be lost.";

/** Asks before leaving the page while there are unsaved changes: closing or reloading the tab, and the page's own links. */
export function useLeaveWarning(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    const onLeave = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    // Before the router's own handler (a capturing listener on the document), so a link answered "no" goes nowhere.
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (!window.confirm(LEAVE_QUESTION)) event.preventDefault();
    };
    window.addEventListener("beforeunload", onLeave);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onLeave);
      document.removeEventListener("click", onClick, true);
    };
  }, [unsaved]);
}

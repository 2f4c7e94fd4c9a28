/**
 * Where focus goes after a cookie choice closes the banner (or the settings popup opened from it): back to
 * what the visitor had focused before they reached the banner, else to the main content, never the page body.
 */

const BANNER = ".consent-banner, .consent-popup";

let before: HTMLElement | undefined;

/** Whether an element is one to go back to: on the page, outside the banner and the popup. */
const outsideConsent = (element: Element | null): element is HTMLElement =>
  element instanceof HTMLElement && element !== document.body && !element.closest(BANNER);

/**
 * Remembers the last element focused outside the banner and the popup; call once, when the page's script starts.
 * What the visitor focused before the script arrived counts too. Listens in the capture phase: while React takes a
 * part of the page over, it stops a focus event there from reaching the document (it replays it once that part is
 * hydrated), so a listener of the bubble phase would miss an answer focused at that moment.
 */
export function rememberFocusOutsideConsent(): void {
  if (outsideConsent(document.activeElement)) before = document.activeElement;
  document.addEventListener(
    "focusin",
    (event) => {
      if (outsideConsent(event.target as Element | null)) before = event.target as HTMLElement;
    },
    { capture: true },
  );
}

/** Focuses `preferred` if it is still on the page and shown, else where the visitor was, else the main content. */
export function restoreFocusAfterConsent(preferred?: HTMLElement | null): void {
  const target = [preferred, before].find((element) => element?.isConnected && element.getClientRects().length > 0);
  if (target) target.focus({ preventScroll: true });
  else document.getElementById("main")?.focus({ preventScroll: true });
}

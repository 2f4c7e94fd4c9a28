/**
 * Where focus goes after a cookie choice closes the banner (or the settings popup opened from it): back to
 * what the visitor had focused before they reached the banner, else to the main content, never the page body.
 */

const BANNER = ".consent-banner, .consent-popup";

let before: HTMLElement | undefined;

/** Remembers the last element focused outside the banner and the popup; call once, when the page's script starts. */
export function rememberFocusOutsideConsent(): void {
  document.addEventListener("focusin", (event) => {
    const target = event.target;
    if (target instanceof HTMLElement && !target.closest(BANNER)) before = target;
  });
}

/** Focuses `preferred` if it is still on the page and shown, else where the visitor was, else the main content. */
export function restoreFocusAfterConsent(preferred?: HTMLElement | null): void {
  const target = [preferred, before].find((element) => element?.isConnected && element.getClientRects().length > 0);
  if (target) target.focus({ preventScroll: true });
  else document.getElementById("main")?.focus({ preventScroll: true });
}

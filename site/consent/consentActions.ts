/**
 * The cookie banner's buttons and every "Cookie settings" button, wherever they are: one listener on the
 * document, so they work as soon as the entry script runs, before (or without) any page hydrating. A button
 * says what it does with `data-consent-action`: "accept", "reject" or "customise". The banner's buttons
 * submit a plain form to the server until then (see index.html); once this script runs it takes them over.
 */
import type { ConsentChoice } from "../../engine/core/siteCookies";
import { rememberFocusOutsideConsent, restoreFocusAfterConsent } from "./consentFocus";
import { CONSENT_PENDING_CLASS } from "./consentState";

const CHOICES: Record<string, ConsentChoice> = {
  accept: { analytics: true, marketing: true },
  reject: { analytics: false, marketing: false },
};

let settingsOpen = false;
const listeners = new Set<() => void>();

function setSettingsOpen(open: boolean): void {
  settingsOpen = open;
  for (const listener of listeners) listener();
}

/** Whether the cookie settings popup is asked for; a store for useSyncExternalStore, so a request made before hydration is kept. */
export const cookieSettings = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isOpen: (): boolean => settingsOpen,
  close: (): void => setSettingsOpen(false),
};

/**
 * Listens in the capture phase: React stops clicks on a part of the page it has not hydrated yet (the
 * footer, until the visitor reaches it) before they bubble up to the document.
 */
export function listenForConsentActions(): void {
  rememberFocusOutsideConsent();
  document.addEventListener(
    "click",
    (event) => {
      const button = (event.target as Element | null)?.closest?.("[data-consent-action]");
      const action = button?.getAttribute("data-consent-action");
      if (!action) return;
      // Handled here, in the page, rather than by the banner form's post.
      event.preventDefault();
      const choice = CHOICES[action];
      if (!choice) return setSettingsOpen(true);
      // The banner goes at once; the choice is recorded as soon as its small module arrives.
      document.documentElement.classList.remove(CONSENT_PENDING_CLASS);
      restoreFocusAfterConsent();
      void import("./saveConsent").then(({ saveConsent }) => saveConsent(choice));
    },
    { capture: true },
  );
}

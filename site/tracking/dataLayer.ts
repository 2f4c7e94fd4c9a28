/**
 * The Google Tag Manager data layer. Every event the site sends goes through `pushDataLayer`, which stays
 * silent when the site runs in production and the visit is in test mode (`?tm=`). Consent-mode commands go
 * through `gtag`, never suppressed: Tag Manager must always know the visitor's choice.
 */
import { testModeOf } from "../../engine/core/testMode";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const TEST_MODE_KEY = "sp:test-mode";

/** Remembers for this tab that the visit is a test (set from `?tm=`). */
export function setTestVisit(on: boolean): void {
  if (on) sessionStorage.setItem(TEST_MODE_KEY, "1");
  else sessionStorage.removeItem(TEST_MODE_KEY);
}

/** Whether this tab's visit is a test. */
export function isTestVisit(): boolean {
  return typeof sessionStorage !== "undefined" && sessionStorage.getItem(TEST_MODE_KEY) === "1";
}

/** What `?tm=` says of the visit: undefined without it, else on for any value but "0" or "false". */
export function testVisitFromQuery(params: URLSearchParams): boolean | undefined {
  return testModeOf(params.get("tm"));
}

/** Pushes an event object `{ event, ...data }`. Never pass personal data (names, phones, e-mails, addresses). */
export function pushDataLayer(event: string, data: Record<string, unknown> = {}): void {
  if (typeof window === "undefined") return;
  if (import.meta.env.PROD && isTestVisit()) return;
  (window.dataLayer ??= []).push({ event, ...data });
}

/**
 * A gtag command such as `gtag("consent", "update", {...})`. Tag Manager reads commands only as `arguments`
 * objects (a plain array is ignored), as the inline snippet in index.html pushes them.
 */
export function gtag(..._command: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params -- Tag Manager needs the arguments object itself.
  (window.dataLayer ??= []).push(arguments);
}

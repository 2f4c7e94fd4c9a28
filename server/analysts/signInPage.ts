/** The analysts' sign-in page: a plain HTML form (no scripts), and the sign-out button the analysts' pages carry. */
import { escapeHtml, plainPage } from "../plainPage";
import type { Refusal } from "./analystsAccess";

/** What the sign-in page says above the form, and its status. */
export const SIGN_IN_NOTICES = {
  wrong: "The name or password is not right.",
  missing: "Enter your name and your password.",
  signedOut: "You have signed out.",
} as const;

/** What a post that is not the sign-in form is told (415). */
export const FORM_ONLY = "Sign in with the form on the sign-in page.";

/** The answer to a sign-in tried too often: when to try again, in minutes. */
export function tooManySignInsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/**
 * A refused sign-in's status and words: 401 for a wrong name or password; 429 past the failure limit, or while every
 * password check is taken; 503 while the limits cannot be shared (Redis is away). Retry-After goes with the last three.
 */
export function refusalAnswer(refused: Refusal): { status: 401 | 429 | 503; message: string; retryAfterSeconds?: number } {
  switch (refused.refusal) {
    case "wrong":
      return { status: 401, message: SIGN_IN_NOTICES.wrong };
    case "too many failures":
      return { status: 429, message: tooManySignInsMessage(refused.retryAfterSeconds), retryAfterSeconds: refused.retryAfterSeconds };
    case "too many at once":
      return { status: 429, message: "Too many sign-ins at once. Try again in a moment.", retryAfterSeconds: refused.retryAfterSeconds };
    case "limits unshared":
      return { status: 503, message: "Signing in is not possible for the moment. Try again in a minute.", retryAfterSeconds: refused.retryAfterSeconds };
  }
}

/** The page: name, password and the page to go back to; `notice` says why it is shown again. */
export function signInPage({ returnPath, name = "", notice }: { returnPath: string; name?: string; notice?: string }): string {
  return plainPage(
    "Analysts: sign in",
    `<h1>Sign in</h1>
<p>The analysts' pages are for analysts only. Ask an operator for an account.</p>
${notice ? `<p role="alert">${escapeHtml(notice)}</p>` : ""}
<form method="post" action="/analysts/sign-in">
<input type="hidden" name="return" value="${escapeHtml(returnPath)}">
<p><label for="name">Name</label><br><input id="name" name="name" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(name)}"></p>
<p><label for="password">Password</label><br><input id="password" name="password" type="password" autocomplete="current-password" required></p>
<p><button type="submit">Sign in</button></p>
</form>`,
  );
}

/** A page that only says `message` (a refused post, a limit reached), with a way back to the form. */
export function signInProblemPage(message: string): string {
  return plainPage("Analysts: sign in", `<h1>Sign in</h1><p role="alert">${escapeHtml(message)}</p><p><a href="/analysts/sign-in">Back to the sign-in page</a></p>`);
}

/** The sign-out button: a post, so a link or an image elsewhere cannot sign an analyst out. */
export function signOutForm(name: string): string {
  return `<form method="post" action="/analysts/sign-out" style="margin:0;text-align:right"><p style="margin:0">Signed in as ${escapeHtml(name)} <button type="submit">Sign out</button></p></form>`;
}

/** The analysts' sign-in page: an HTML form (no scripts) in the analysts' pages' look, and the answers to a refused sign-in. */
import { escapeHtml } from "../plainPage";
import { analystsPage, COLOURS, panel } from "./analystsPageShell";
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

const field = `font:inherit;width:100%;box-sizing:border-box;padding:.55rem .7rem;border:1px solid ${COLOURS.muted};border-radius:6px;background:#fff;color:${COLOURS.ink}`;
const submit = `font:inherit;font-weight:600;background:${COLOURS.brand};color:#fff;border:0;border-radius:6px;padding:.6rem 1.4rem;cursor:pointer`;
const alertStyle = `background:#fde8e7;border-left:4px solid ${COLOURS.error};padding:.5rem .75rem;margin:.5rem 0`;

/** The sign-in page around `body`. */
function signInFrame(body: string): string {
  return analystsPage({ title: "Analysts: sign in", nav: false, width: "28rem", main: `<div style="${panel};padding:1.25rem 1.5rem;margin-top:2rem">\n<h1 style="margin:0 0 .5rem;font-size:1.5rem">Sign in</h1>\n${body}\n</div>` });
}

/** The page: name, password and the page to go back to; `notice` says why it is shown again. */
export function signInPage({ returnPath, name = "", notice }: { returnPath: string; name?: string; notice?: string }): string {
  return signInFrame(`<p style="margin:.25rem 0 1rem">The analysts' pages are for analysts only. Ask an operator for an account.</p>
${notice ? `<p role="alert" style="${alertStyle}">${escapeHtml(notice)}</p>` : ""}
<form method="post" action="/analysts/sign-in">
<input type="hidden" name="return" value="${escapeHtml(returnPath)}">
<p style="margin:0 0 1rem"><label for="name">Name</label><br><input id="name" name="name" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(name)}" style="${field}"></p>
<p style="margin:0 0 1rem"><label for="password">Password</label><br><input id="password" name="password" type="password" autocomplete="current-password" required style="${field}"></p>
<p style="margin:0"><button type="submit" style="${submit}">Sign in</button></p>
</form>`);
}

/** A page that only says `message` (a refused post, a limit reached), with a way back to the form. */
export function signInProblemPage(message: string): string {
  return signInFrame(`<p role="alert" style="${alertStyle}">${escapeHtml(message)}</p><p><a href="/analysts/sign-in">Back to the sign-in page</a></p>`);
}

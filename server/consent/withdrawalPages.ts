/**
 * The visitor's own way to withdraw a consent: the link they are given with their quote (`/consent/<jti>/withdraw/<key>/`)
 * opens a page saying what they agreed to, with one button that withdraws it. Opening the link changes nothing (a mail
 * scanner or a link preview may open it); only the button's post does.
 */
import { escapeHtml, plainPage } from "../plainPage";

/** The pages' title. */
export const WITHDRAW_TITLE = "Withdraw your consent";
/** The button's label. */
export const WITHDRAW_BUTTON = "Withdraw my consent";
/** What a link that is not one of ours answers. */
export const UNKNOWN_LINK = "This link is not one of ours, or it has been mistyped. Write to us to withdraw your consent.";

const when = (iso: string) => new Date(iso).toUTCString().replace("GMT", "UTC");

/** What the visitor agreed to, as recorded (the wording and the partners named). */
export interface AgreedTo {
  wording: string | null;
  partners: string[];
  agreedAt: string | null;
}

/** The page the link opens while the consent stands. */
export function withdrawPage(agreed: AgreedTo, action: string): string {
  const partners = agreed.partners.length > 0 ? `<p>The partners named were: ${agreed.partners.map(escapeHtml).join(", ")}.</p>` : "";
  const wording = agreed.wording ? `<p>You agreed${agreed.agreedAt ? ` on ${escapeHtml(when(agreed.agreedAt))}` : ""} to this:</p><blockquote><p>${escapeHtml(agreed.wording)}</p></blockquote>` : "";
  return plainPage(
    WITHDRAW_TITLE,
    `<h1>${WITHDRAW_TITLE}</h1>${wording}${partners}<p>If you withdraw it, we send your details to no one else, and we tell every partner who has them that you no longer agree to be contacted.</p><form method="post" action="${escapeHtml(action)}"><button type="submit">${WITHDRAW_BUTTON}</button></form>`,
  );
}

/** The page after withdrawing, or opening the link again later. */
export function withdrawnPage(withdrawnAt: string, now: boolean): string {
  const said = now ? "Your consent is withdrawn." : `You withdrew this consent on ${escapeHtml(when(withdrawnAt))}.`;
  return plainPage(
    WITHDRAW_TITLE,
    `<h1>${WITHDRAW_TITLE}</h1><p role="status">${said}</p><p>We send your details to no one else, and every partner who has them is told that you no longer agree to be contacted. To have us erase your details too, write to us (see our <a href="/legal/privacy-policy/">privacy policy</a>).</p><p><a href="/">Back to the home page</a></p>`,
  );
}

/** The page of a link that is not one of ours (or of a post refused, in its own words). */
export function unknownLinkPage(message = UNKNOWN_LINK): string {
  return plainPage(WITHDRAW_TITLE, `<h1>${WITHDRAW_TITLE}</h1><p role="alert">${escapeHtml(message)}</p><p><a href="/">Back to the home page</a></p>`);
}

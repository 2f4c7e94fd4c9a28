/**
 * The cookie banner without JavaScript. POST /api/consent is the banner's (and the settings page's) form: it
 * records the choice in the same three cookies the page's script writes and goes back to the page (303, a path
 * on this site only). GET /api/consent/no-script.css is the stylesheet a page without scripts links in a
 * <noscript>: it shows the banner until a choice is recorded.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ANALYTICS_COOKIE, CONSENT_CHOSEN_COOKIE, MARKETING_COOKIE, type ConsentChoice } from "../../engine/core/siteCookies";
import { cookieSettingsPage } from "../consent/cookieSettingsPage";
import { endVisit } from "../experiments/visits";
import { returnPathFromField, returnPathFromReferer } from "../consent/returnPath";
import { SOMETHING_WENT_WRONG } from "../../engine/core/messages";
import { plainPage } from "../plainPage";
import { postedFromAnotherSite } from "../security/crossSitePost";

const FORM_TYPE = "application/x-www-form-urlencoded";

/** As long as the script's choice lasts (saveConsent.ts): a year. */
const CONSENT_SECONDS = 365 * 24 * 60 * 60;

/** The banner shows until chosen, as `.consent-pending` shows it when scripts run (which set `.js`). */
const SHOW_BANNER = "html:not(.js) .consent-banner{display:block}\n";

interface ConsentForm {
  choice?: string;
  analytics?: string;
  marketing?: string;
  return?: string;
}

const isOn = (request: FastifyRequest, name: string) => request.cookies[name] === "1";

/** The choice a button stands for, from the settings' switches for "save"; undefined for anything else. */
function chosen(form: ConsentForm): ConsentChoice | undefined {
  if (form.choice === "accept") return { analytics: true, marketing: true };
  if (form.choice === "reject") return { analytics: false, marketing: false };
  if (form.choice === "save") return { analytics: form.analytics === "1", marketing: form.marketing === "1" };
  return undefined;
}

function recordChoice(request: FastifyRequest, reply: FastifyReply, { analytics, marketing }: ConsentChoice): void {
  // Read by the page's script too, so not HttpOnly; the attributes are the script's own.
  const attributes = { path: "/", maxAge: CONSENT_SECONDS, sameSite: "lax", secure: request.protocol === "https" } as const;
  reply.setCookie(CONSENT_CHOSEN_COOKIE, "1", attributes);
  reply.setCookie(ANALYTICS_COOKIE, analytics ? "1" : "0", attributes);
  reply.setCookie(MARKETING_COOKIE, marketing ? "1" : "0", attributes);
}

function page(reply: FastifyReply, code: number, html: string): FastifyReply {
  return reply.code(code).header("cache-control", "no-store").type("text/html; charset=utf-8").send(html);
}

/** The answer to a post that records nothing: another site's, or one that is no choice. */
const PROBLEM_PAGE = plainPage("Cookie settings", `<h1>Cookie settings</h1><p role="alert">${SOMETHING_WENT_WRONG}</p><p><a href="/">Back to the home page</a></p>`);

/** What the consent route needs. */
export interface ConsentRoutesOptions {
  /** The site's own origin: only its pages may choose, and only its pages are gone back to. */
  siteOrigin: () => string;
}

/** The consent routes. */
export default async function consentRoutes(fastify: FastifyInstance, { siteOrigin }: ConsentRoutesOptions): Promise<void> {
  fastify.addContentTypeParser(FORM_TYPE, { parseAs: "string", bodyLimit: 2048 }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));

  fastify.post<{ Body: ConsentForm }>("/api/consent", async (request, reply) => {
    // Another site may not choose for the visitor.
    const origin = siteOrigin();
    if (postedFromAnotherSite(request, origin)) return page(reply, 403, PROBLEM_PAGE);
    const form: ConsentForm = request.body && typeof request.body === "object" ? request.body : {};
    const returnPath = returnPathFromField(form.return) ?? returnPathFromReferer(request.headers.referer, origin) ?? "/";
    if (form.choice === "customise") {
      const known = isOn(request, CONSENT_CHOSEN_COOKIE);
      return page(reply, 200, cookieSettingsPage({ analytics: !known || isOn(request, ANALYTICS_COOKIE), marketing: !known || isOn(request, MARKETING_COOKIE), returnPath }));
    }
    const choice = chosen(form);
    if (!choice) return page(reply, 400, PROBLEM_PAGE);
    recordChoice(request, reply, choice);
    // Turning analytics off is objecting to being counted: the visit's cookie goes with it.
    if (!choice.analytics) endVisit(request, reply);
    // Back to the page at its main content: the banner is gone, and the visitor goes on from what they came for.
    return reply.header("cache-control", "no-store").redirect(`${returnPath}#main`, 303);
  });

  fastify.get("/api/consent/no-script.css", async (request, reply) => {
    // Changes with the visitor's cookies: never from a cache.
    reply.header("cache-control", "no-store").type("text/css; charset=utf-8");
    return isOn(request, CONSENT_CHOSEN_COOKIE) ? "" : SHOW_BANNER;
  });
}

/**
 * POST /api/newsletter: stores an address with the wording agreed to; signing up twice is still a success.
 * Only our own pages may post it (403 for another site's).
 */
import type { FastifyInstance, FastifySchemaValidationError } from "fastify";
import { SOMETHING_WENT_WRONG } from "../../engine/core/messages";
import type { Kysely } from "kysely";
import type { NewsletterResponse, NewsletterSignup } from "../../schemas/generated/newsletter";
import { escapeHtml, plainPage } from "../plainPage";
import { postedFromAnotherSite } from "../security/crossSitePost";
import { subscribe } from "../storage/newsletterStore";
import type { Database } from "../storage/schema";

/** What the newsletter route needs. */
export interface NewsletterRoutesOptions {
  db: Kysely<Database>;
  now: () => Date;
  /** The site's own origin: only its pages may post a sign-up. */
  siteOrigin: () => string;
}

const SUBSCRIBED: NewsletterResponse = { message: "You have subscribed successfully!" };
const BAD_EMAIL: NewsletterResponse = { message: "Please enter a valid email address" };
const BAD_SIGNUP: NewsletterResponse = { message: "The sign-up needs an email address and the consent wording shown beside it" };
const CROSS_SITE: NewsletterResponse = { message: SOMETHING_WENT_WRONG };

/**
 * Without JavaScript the sign-up form posts itself as a plain HTML form: read its fields (the hidden honeypot
 * is named "website", as in the page) and answer such a post with a page rather than JSON.
 */
const FORM_TYPE = "application/x-www-form-urlencoded";

function formFields(body: string): Record<string, string> {
  const fields = Object.fromEntries(new URLSearchParams(body));
  const { website, ...rest } = fields;
  return website ? { ...rest, honeypot: website } : rest;
}

function isFormPost(contentType: string | undefined): boolean {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase() === FORM_TYPE;
}

/** A small page for a sign-up sent without JavaScript, with a way back. */
function answerPage(message: string): string {
  return plainPage("Newsletter", `<h1>Newsletter</h1><p role="status">${escapeHtml(message)}</p><p><a href="/">Back to the home page</a></p>`);
}

/** The newsletter route. */
export default async function newsletterRoutes(fastify: FastifyInstance, { db, now, siteOrigin }: NewsletterRoutesOptions): Promise<void> {
  fastify.addContentTypeParser(FORM_TYPE, { parseAs: "string", bodyLimit: 4096 }, (_request, body, done) => done(null, formFields(String(body))));

  fastify.post<{ Body: NewsletterSignup; Reply: NewsletterResponse }>(
    "/api/newsletter",
    {
      // Checked here, not by the error handler, so a bad address gets the one sentence the form shows.
      attachValidation: true,
      schema: {
        body: { $ref: "newsletter.schema.json#" },
        response: { "2xx": { $ref: "newsletter.schema.json#/definitions/newsletterResponse" }, "4xx": { $ref: "newsletter.schema.json#/definitions/newsletterResponse" } },
      },
    },
    async (request, reply) => {
      const asPage = isFormPost(request.headers["content-type"]);
      const answer = (code: number, body: NewsletterResponse) =>
        asPage ? reply.code(code).type("text/html; charset=utf-8").send(answerPage(body.message) as never) : reply.code(code).send(body);
      if (postedFromAnotherSite(request, siteOrigin())) {
        request.log.info("newsletter sign-up from another site refused");
        return answer(403, CROSS_SITE);
      }
      if (request.validationError) {
        const problems: FastifySchemaValidationError[] = request.validationError.validation;
        const aboutEmail = problems.some((e) => e.instancePath === "/email" || e.params.missingProperty === "email");
        return answer(400, aboutEmail ? BAD_EMAIL : BAD_SIGNUP);
      }
      const { email, consentText, honeypot } = request.body;
      // A bot that fills the hidden field is told it worked, and nothing is kept.
      if (honeypot && honeypot.trim() !== "") return answer(200, SUBSCRIBED);
      const added = await subscribe(db, email, consentText, now());
      request.log.info({ added }, "newsletter sign-up");
      return answer(200, SUBSCRIBED);
    },
  );
}

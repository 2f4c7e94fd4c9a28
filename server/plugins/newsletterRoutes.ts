/** POST /api/newsletter: stores an address with the wording agreed to; signing up twice is still a success. */
import type { FastifyInstance, FastifySchemaValidationError } from "fastify";
import type { Kysely } from "kysely";
import type { NewsletterResponse, NewsletterSignup } from "../../schemas/generated/newsletter";
import { subscribe } from "../storage/newsletterStore";
import type { Database } from "../storage/schema";

/** What the newsletter route needs. */
export interface NewsletterRoutesOptions {
  db: Kysely<Database>;
  now: () => Date;
}

const SUBSCRIBED: NewsletterResponse = { message: "You have subscribed successfully!" };
const BAD_EMAIL: NewsletterResponse = { message: "Please enter a valid email address" };
const BAD_SIGNUP: NewsletterResponse = { message: "The sign-up needs an email address and the consent wording shown beside it" };

/** The newsletter route. */
export default async function newsletterRoutes(fastify: FastifyInstance, { db, now }: NewsletterRoutesOptions): Promise<void> {
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
      if (request.validationError) {
        const problems: FastifySchemaValidationError[] = request.validationError.validation;
        const aboutEmail = problems.some((e) => e.instancePath === "/email" || e.params.missingProperty === "email");
        return reply.code(400).send(aboutEmail ? BAD_EMAIL : BAD_SIGNUP);
      }
      const { email, consentText, honeypot } = request.body;
      // A bot that fills the hidden field is told it worked, and nothing is kept.
      if (honeypot && honeypot.trim() !== "") return SUBSCRIBED;
      const added = await subscribe(db, email, consentText, now());
      request.log.info({ added }, "newsletter sign-up");
      return SUBSCRIBED;
    },
  );
}

/** How the analysts' pages and APIs answer: privately, and to a request nobody signed in made. */
import type { FastifyReply, FastifyRequest } from "fastify";
import { returnPathFromField } from "../consent/returnPath";

/** The sign-in form's address. */
export const SIGN_IN = "/analysts/sign-in";
/** Where a signed-in analyst lands when the page asked for is not known. */
export const ANALYSTS_HOME = "/analysts/flows/";
/** For curl: the 401 names the scheme it takes. */
export const BASIC_CHALLENGE = 'Basic realm="Analysts", charset="UTF-8"';

/** An analysts' page to go back to after signing in, from the form or the query; the report otherwise (never another site). */
export function analystsReturnPath(value: unknown): string {
  const path = returnPathFromField(value);
  return path?.startsWith("/analysts/") && !path.startsWith(SIGN_IN) && !path.startsWith("/analysts/sign-out") ? path : ANALYSTS_HOME;
}

/** Whether a browser is asking for a page (a link followed, an address typed), not a script for data. */
export function wantsPage(request: FastifyRequest): boolean {
  return /\btext\/html\b/.test(String(request.headers.accept ?? ""));
}

/** What every analysts' answer carries: for the asker only, kept out of search engines. */
export function privatePage(reply: FastifyReply): FastifyReply {
  return reply.header("cache-control", "no-store").header("x-robots-tag", "noindex");
}

/** An answer to a script (curl): one line of text, and no figures. */
export function plainAnswer(reply: FastifyReply, code: number, text: string): FastifyReply {
  return privatePage(reply).code(code).type("text/plain; charset=utf-8").send(`${text}\n`);
}

/** The answer to a request nobody signed in made: a browser goes to the sign-in form, a script is told how to sign in. */
export function answerNotSignedIn(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (wantsPage(request)) return privatePage(reply).redirect(`${SIGN_IN}?return=${encodeURIComponent(analystsReturnPath(request.url))}`, 303);
  return plainAnswer(reply.header("www-authenticate", BASIC_CHALLENGE), 401, "Sign in as an analyst: /analysts/sign-in, or HTTP Basic authentication.");
}

/**
 * The one role check of the analysts' pages and APIs: `needsRole("editor")` is a preHandler that lets through an
 * analyst whose role is at least the one named, answers 403 saying which role is needed to one whose role is below,
 * and answers as the analysts' gate does (401, or a browser sent to the sign-in form) when nobody is signed in.
 * The live preview on loopback is the developer's own: every request there may do what a publisher may.
 */
import type { FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { escapeHtml, plainPage } from "../plainPage";
import { aRole, roleAllows, type AnalystRole } from "./analyst";
import { ANALYSTS_HOME, answerNotSignedIn, privatePage, wantsPage } from "./analystsAnswers";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in analyst's role (a publisher's in the live preview); null where nobody is signed in. */
    analystRole: AnalystRole | null;
  }
}

/** Why the request may not do what needs `role`, in words for the analyst; undefined when it may (or nobody is signed in: see needsRole). */
export function roleRefusal(request: FastifyRequest, role: AnalystRole): string | undefined {
  const held = request.analystRole;
  if (held === null || roleAllows(held, role)) return undefined;
  const name = request.analyst?.name ?? "you";
  return `This needs ${aRole(role)}'s role or above, and ${name} is ${aRole(held)}. Ask an operator to run: npm run analysts -- role ${name} ${role}`;
}

/** A preHandler letting through analysts whose role is `role` or above (see the file's comment). */
export function needsRole(role: AnalystRole): preHandlerAsyncHookHandler {
  return async function roleCheck(request, reply) {
    if (request.analystRole === null) return answerNotSignedIn(request, reply);
    const refusal = roleRefusal(request, role);
    if (refusal === undefined) return;
    if (wantsPage(request)) return privatePage(reply).code(403).type("text/html; charset=utf-8").send(plainPage("Analysts: not allowed", `<h1>Not allowed</h1><p role="alert">${escapeHtml(refusal)}</p><p><a href="${ANALYSTS_HOME}">The flows and their results</a></p>`));
    return privatePage(reply).code(403).send({ message: refusal });
  };
}

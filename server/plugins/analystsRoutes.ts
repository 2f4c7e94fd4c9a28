/**
 * The analysts' pages, under /analysts/: for signed-in analysts only (the session cookie, or HTTP Basic for curl and
 * scripts), or open to anyone in the live preview, which listens on loopback. GET/POST /analysts/sign-in is the
 * plain sign-in form, POST /analysts/sign-out ends the session. Anonymous requests get 401 and nothing else (a
 * browser asking for a page is sent to the form); with no analysts file every page here is not found.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { returnPathFromField } from "../consent/returnPath";
import type { Analyst } from "../analysts/analystsFile";
import type { AnalystsAccess } from "../analysts/analystsAccess";
import { endAnalystSession, startAnalystSession } from "../analysts/analystSession";
import { FORM_ONLY, refusalAnswer, signInPage, signInProblemPage, SIGN_IN_NOTICES } from "../analysts/signInPage";
import { postedFromAnotherSite } from "../security/crossSitePost";
import analystsFlowsRoutes, { privatePage, type AnalystsFlowsRoutesOptions } from "./analystsFlowsRoutes";
import type { PublishingContext } from "../publishing/publishVersion";
import publishingRoutes from "./publishingRoutes";

const FORM_TYPE = "application/x-www-form-urlencoded";
/** Where a signed-in analyst lands when the page asked for is not known. */
const HOME = "/analysts/flows/";
const SIGN_IN = "/analysts/sign-in";
/** For curl: the 401 names the scheme it takes. */
const CHALLENGE = 'Basic realm="Analysts", charset="UTF-8"';

declare module "fastify" {
  interface FastifyRequest {
    /** The analyst the analysts' gate let in (analystsRoutes.ts); null elsewhere and in the live preview. */
    analyst: Analyst | null;
  }
}

/** What the analysts' pages need. */
export interface AnalystsRoutesOptions extends Omit<AnalystsFlowsRoutesOptions, "analystOf"> {
  /** Who may read them: analysts signed in against the analysts file, or anyone (the live preview on loopback). */
  access: AnalystsAccess | "open";
  /** Publishing and traffic changes, where the flows are the store's (never in the live preview). */
  publishing?: PublishingContext;
  /** The site's own origin: only its pages may sign in or out. */
  siteOrigin: () => string;
  now: () => Date;
}

/** An analysts' page to go back to after signing in, from the form or the query; the report otherwise (never another site). */
export function analystsReturnPath(value: unknown): string {
  const path = returnPathFromField(value);
  return path?.startsWith("/analysts/") && !path.startsWith(SIGN_IN) && !path.startsWith("/analysts/sign-out") ? path : HOME;
}

function html(reply: FastifyReply, code: number, page: string): FastifyReply {
  return privatePage(reply).code(code).type("text/html; charset=utf-8").send(page);
}

/** An answer to a script (curl): one line of text, and no figures. */
function plainAnswer(reply: FastifyReply, code: number, text: string): FastifyReply {
  return privatePage(reply).code(code).type("text/plain; charset=utf-8").send(`${text}\n`);
}

/** The site's 404, answered from a hook: the route's handler does not run. */
function notFound(reply: FastifyReply): FastifyReply {
  reply.callNotFound();
  return reply;
}

/** Whether a browser is asking for a page (a link followed, an address typed), not a script for data. */
function wantsPage(request: FastifyRequest): boolean {
  return /\btext\/html\b/.test(String(request.headers.accept ?? ""));
}

/** The analysts' routes. */
export default async function analystsRoutes(fastify: FastifyInstance, { access, siteOrigin, now, publishing, ...pages }: AnalystsRoutesOptions): Promise<void> {
  const { db } = pages;
  fastify.decorateRequest("analyst", null);
  const toIndex = (_request: FastifyRequest, reply: FastifyReply) => reply.redirect("/analysts/", 301);
  const toHome = (_request: FastifyRequest, reply: FastifyReply) => privatePage(reply).redirect(HOME, 303);

  if (access === "open") {
    await fastify.register(async (open) => {
      // The preview's old address of the flows page, kept for bookmarks; production has none.
      for (const old of ["/dev/flows", "/dev/flows/"]) open.get(old, (_request, reply) => reply.redirect(HOME, 301));
      open.get("/analysts", toIndex);
      open.get("/analysts/", toHome);
      await open.register(analystsFlowsRoutes, { ...pages, analystOf: () => undefined });
    });
    return;
  }

  // The pages: each request is let in by its cookie or its Basic credentials, or answered here.
  await fastify.register(async (gated) => {
    gated.addHook("onRequest", async (request, reply) => {
      const who = await access.of(request);
      if (who === "no analysts") return notFound(reply);
      if (who === "anonymous") {
        if (wantsPage(request)) return privatePage(reply).redirect(`${SIGN_IN}?return=${encodeURIComponent(analystsReturnPath(request.url))}`, 303);
        return plainAnswer(reply.header("www-authenticate", CHALLENGE), 401, "Sign in as an analyst: /analysts/sign-in, or HTTP Basic authentication.");
      }
      if ("refused" in who) {
        const { status, message, retryAfterSeconds } = refusalAnswer(who.refused);
        return plainAnswer(retryAfterSeconds === undefined ? reply.header("www-authenticate", CHALLENGE) : reply.header("retry-after", String(retryAfterSeconds)), status, message);
      }
      request.analyst = who.analyst;
    });
    gated.get("/analysts", toIndex);
    gated.get("/analysts/", toHome);
    await gated.register(analystsFlowsRoutes, { ...pages, analystOf: (request) => request.analyst?.name });
    if (publishing) await gated.register(publishingRoutes, { ...publishing, siteOrigin, now });
  });

  // Signing in and out: the form, its post, and the sign-out button's post.
  await fastify.register(async (signIn) => {
    signIn.addContentTypeParser(FORM_TYPE, { parseAs: "string", bodyLimit: 4096 }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
    signIn.addHook("onRequest", async (request, reply) => {
      if (!(await access.directory.current())) return notFound(reply);
      // The form is the only way to post a sign-in: any other body is refused before it is read.
      const type = String(request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
      if (request.method === "POST" && request.routeOptions.url === SIGN_IN && type !== FORM_TYPE) return html(reply, 415, signInProblemPage(FORM_ONLY));
    });
    signIn.get<{ Querystring: { return?: string; "signed-out"?: string } }>(SIGN_IN, async (request, reply) => {
      const notice = request.query["signed-out"] === undefined ? undefined : SIGN_IN_NOTICES.signedOut;
      return html(reply, 200, signInPage({ returnPath: analystsReturnPath(request.query.return), ...(notice ? { notice } : {}) }));
    });
    signIn.post<{ Body: Record<string, string> | undefined }>(SIGN_IN, async (request, reply) => {
      if (postedFromAnotherSite(request, siteOrigin())) return html(reply, 403, signInProblemPage("Signing in is only possible from this site's own sign-in page."));
      const form = request.body && typeof request.body === "object" ? request.body : {};
      const returnPath = analystsReturnPath(form.return);
      const name = typeof form.name === "string" ? form.name.trim() : "";
      const password = typeof form.password === "string" ? form.password : "";
      if (!name || !password) return html(reply, 400, signInPage({ returnPath, name, notice: SIGN_IN_NOTICES.missing }));
      const checked = await access.check(request, name, password);
      if (checked.ok) {
        await startAnalystSession(request, reply, db, checked.analyst, now());
        return privatePage(reply).redirect(returnPath, 303);
      }
      const { status, message, retryAfterSeconds } = refusalAnswer(checked);
      if (retryAfterSeconds === undefined) return html(reply, status, signInPage({ returnPath, name, notice: message }));
      return html(reply.header("retry-after", String(retryAfterSeconds)), status, signInProblemPage(message));
    });
    signIn.post("/analysts/sign-out", async (request, reply) => {
      if (postedFromAnotherSite(request, siteOrigin())) return html(reply, 403, signInProblemPage("Signing out is only possible from this site's own pages."));
      await endAnalystSession(request, reply, db);
      return privatePage(reply).redirect(`${SIGN_IN}?signed-out`, 303);
    });
  });
}

/**
 * The analysts' pages, under /analysts/: for signed-in analysts only (the session cookie, or HTTP Basic for curl and
 * scripts), or open to anyone in the live preview, which listens on loopback. GET/POST /analysts/sign-in is the
 * plain sign-in form, POST /analysts/sign-out ends the session. Anonymous requests get 401 and nothing else (a
 * browser asking for a page is sent to the form); with no analysts in the store every page here is not found. A
 * change (any method but GET) is taken only from the site's own pages, and each page or API checks the analyst's
 * role (server/analysts/needsRole.ts). Text no store keeps as sent (NUL, half of a surrogate pair, bytes that are not
 * UTF-8) is refused from every body before a route reads it (server/analysts/unstorableText.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Analyst } from "../analysts/analyst";
import type { AnalystsAccess } from "../analysts/analystsAccess";
import { analystsReturnPath, ANALYSTS_HOME, answerNotSignedIn, BASIC_CHALLENGE, plainAnswer, privatePage, SIGN_IN } from "../analysts/analystsAnswers";
import { endAnalystSession, startAnalystSession } from "../analysts/analystSession";
import { refuseUnstorableText, unstorableTextIn, unstorableTextMessage } from "../analysts/unstorableText";
import { FORM_ONLY, refusalAnswer, signInPage, signInProblemPage, SIGN_IN_NOTICES } from "../analysts/signInPage";
import { postedFromAnotherSite } from "../security/crossSitePost";
import type { PublishingContext } from "../publishing/publishVersion";
import publishingRoutes from "./publishingRoutes";
import analystsDraftsRoutes from "./analystsDraftsRoutes";
import liveStudioRoutes from "./liveStudioRoutes";
import { findStudioFlow } from "../storage/studioFlowsStore";
import analystsFlowsRoutes, { type AnalystsFlowsRoutesOptions } from "./analystsFlowsRoutes";

const FORM_TYPE = "application/x-www-form-urlencoded";

declare module "fastify" {
  interface FastifyRequest {
    /** The analyst the analysts' gate let in (analystsRoutes.ts); null elsewhere and in the live preview. */
    analyst: Analyst | null;
  }
}

/** What the analysts' pages need. */
export interface AnalystsRoutesOptions extends Omit<AnalystsFlowsRoutesOptions, "analystOf"> {
  /** Who may read them: analysts signed in against the store's, or anyone (the live preview on loopback). */
  access: AnalystsAccess | "open";
  /** Publishing and traffic changes, where the flows are the store's (never in the live preview). */
  publishing?: PublishingContext;
  /** The flow studio's production build (dist/studio), served to signed-in analysts where there is publishing. */
  studioDir: string;
  /** The site's own origin: only its pages may sign in or out. */
  siteOrigin: () => string;
}

function html(reply: FastifyReply, code: number, page: string): FastifyReply {
  return privatePage(reply).code(code).type("text/html; charset=utf-8").send(page);
}

/** The site's 404, answered from a hook: the route's handler does not run. */
function notFound(reply: FastifyReply): FastifyReply {
  reply.callNotFound();
  return reply;
}

/** The analysts' routes. */
export default async function analystsRoutes(fastify: FastifyInstance, { access, siteOrigin, publishing, studioDir, ...pages }: AnalystsRoutesOptions): Promise<void> {
  const { db, now } = pages;
  fastify.decorateRequest("analyst", null);
  fastify.decorateRequest("analystRole", null);
  // Every change an analyst makes is a request of the site's own pages: another site's page cannot make one for them.
  const refuseOtherSites = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== "GET" && request.method !== "HEAD" && postedFromAnotherSite(request, siteOrigin())) {
      return privatePage(reply).code(403).send({ message: "Changes are taken only from this site's own analysts' pages." });
    }
  };
  const toIndex = (_request: FastifyRequest, reply: FastifyReply) => reply.redirect("/analysts/", 301);
  const toHome = (_request: FastifyRequest, reply: FastifyReply) => privatePage(reply).redirect(ANALYSTS_HOME, 303);

  if (access === "open") {
    await fastify.register(async (open) => {
      // The preview's old address of the flows page, kept for bookmarks; production has none.
      for (const old of ["/dev/flows", "/dev/flows/"]) open.get(old, (_request, reply) => reply.redirect(ANALYSTS_HOME, 301));
      // The developer's own machine: everything a publisher may do.
      open.addHook("onRequest", async (request) => {
        request.analystRole = "publisher";
      });
      open.addHook("onRequest", refuseOtherSites);
      open.addHook("preValidation", refuseUnstorableText);
      open.get("/analysts", toIndex);
      open.get("/analysts/", toHome);
      await open.register(analystsFlowsRoutes, { ...pages, analystOf: () => undefined });
      await open.register(analystsDraftsRoutes, { db, flows: pages.flows, now });
    });
    return;
  }

  // The pages: each request is let in by its cookie or its Basic credentials, or answered here.
  await fastify.register(async (gated) => {
    gated.addHook("onRequest", async (request, reply) => {
      const who = await access.of(request);
      if (who === "no analysts") return notFound(reply);
      if (who === "anonymous") return answerNotSignedIn(request, reply);
      if ("refused" in who) {
        const { status, message, retryAfterSeconds } = refusalAnswer(who.refused);
        return plainAnswer(retryAfterSeconds === undefined ? reply.header("www-authenticate", BASIC_CHALLENGE) : reply.header("retry-after", String(retryAfterSeconds)), status, message);
      }
      request.analyst = who.analyst;
      request.analystRole = who.analyst.role;
    });
    gated.addHook("onRequest", refuseOtherSites);
    gated.addHook("preValidation", refuseUnstorableText);
    gated.get("/analysts", toIndex);
    gated.get("/analysts/", toHome);
    await gated.register(analystsFlowsRoutes, { ...pages, analystOf: (request) => request.analyst?.name });
    if (publishing) await gated.register(publishingRoutes, { ...publishing, siteOrigin, now });
    if (publishing) {
      const madeInStudio = async (flow: string) => {
        const made = await findStudioFlow(db, flow);
        return made && { listed: made.listedAt !== undefined };
      };
      await gated.register(liveStudioRoutes, { catalog: publishing.catalog, check: publishing.check, studioDir, madeInStudio });
    }
    await gated.register(analystsDraftsRoutes, { db, flows: pages.flows, now });
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
      const unstorable = unstorableTextIn({ Name: name, Password: password });
      if (unstorable) return html(reply, 400, signInPage({ returnPath, notice: unstorableTextMessage(unstorable) }));
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

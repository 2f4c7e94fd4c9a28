/**
 * A consent certificate's status and what the visitor saw, for whoever holds the certificate (its jti, 128 random bits,
 * is the capability; nothing links to these): `GET /api/consent/<jti>` answers the status as a signed JWS, and
 * `/consent/<jti>/` draws the certificate's claims and the form as shown. The visitor's own withdrawal link,
 * `/consent/<jti>/withdraw/<key>/`, opens a page whose one button withdraws the consent. Each GET is counted per client
 * address like the other public lookups; the post by the global rate limit.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { SOMETHING_WENT_WRONG } from "../../engine/core/messages";
import type { FlowCatalog } from "../flowCatalog";
import type { ConsentClaims } from "../consent/certificate";
import { CERTIFICATE_TYPE } from "../consent/certificate";
import { isConsentClaims } from "../consent/certificateWords";
import { consentPage, unknownCertificatePage } from "../consent/consentPage";
import { isWithdrawalKey, keptCertificate, signStatus, statusClaims } from "../consent/consentStatus";
import { verifyJws } from "../consent/jws";
import type { ConsentKeys } from "../consent/signingKeys";
import { unknownLinkPage, withdrawnPage, withdrawPage } from "../consent/withdrawalPages";
import type { ClientBudget } from "../security/clientBudget";
import { postedFromAnotherSite } from "../security/crossSitePost";
import type { KeptCertificate } from "../storage/consentStore";
import { withdrawConsent } from "../storage/consentWithdrawalStore";
import type { Database } from "../storage/schema";

/** What the routes need. */
export interface ConsentStatusRoutesOptions {
  db: Kysely<Database>;
  keys: ConsentKeys;
  flows: FlowCatalog;
  /** Counts each client address's lookups (the address lookups' limit and window). */
  budget: ClientBudget;
  /** The site's public origin: the status's `iss`, and the only origin whose pages may post a withdrawal. */
  siteOrigin: () => string;
  now: () => Date;
}

/** What an unknown certificate id answers. */
export const UNKNOWN_CERTIFICATE = "No consent certificate has this id: check that it was copied whole from the certificate's jti claim.";

const FORM_TYPE = "application/x-www-form-urlencoded";

export default async function consentStatusRoutes(fastify: FastifyInstance, { db, keys, flows, budget, siteOrigin, now }: ConsentStatusRoutesOptions): Promise<void> {
  // The withdrawal's button posts an empty form; its fields are never read.
  fastify.addContentTypeParser(FORM_TYPE, { parseAs: "string", bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

  /** Takes one lookup from the client's budget; answers 429 and returns false when it is spent. */
  const counted = async (request: FastifyRequest, reply: FastifyReply) => {
    const taken = await budget.take(request);
    if (taken.allowed) return true;
    await reply.code(429).header("retry-after", String(taken.retryAfterSeconds)).type("application/json; charset=utf-8").send({ message: `Too many look-ups from your address: try again in ${taken.retryAfterSeconds} seconds.` });
    return false;
  };

  fastify.get<{ Params: { jti: string } }>("/api/consent/:jti", async (request, reply) => {
    if (!(await counted(request, reply))) return reply;
    reply.header("cache-control", "no-store");
    const kept = await keptCertificate(db, request.params.jti);
    if (!kept) return reply.code(404).type("application/json; charset=utf-8").send({ message: UNKNOWN_CERTIFICATE });
    return reply.type("application/jwt").send(signStatus(statusClaims(kept, siteOrigin(), now()), keys.signing()));
  });

  fastify.get<{ Params: { jti: string } }>("/consent/:jti/", async (request, reply) => {
    if (!(await counted(request, reply))) return reply;
    privatePage(reply);
    const kept = await keptCertificate(db, request.params.jti);
    if (!kept) return reply.code(404).type("text/html; charset=utf-8").send(unknownCertificatePage(UNKNOWN_CERTIFICATE));
    const claims = claimsOf(kept, keys);
    const flow = claims ? flows.getFlow(claims.form.id, claims.form.version) : undefined;
    return reply.type("text/html; charset=utf-8").send(consentPage({ status: statusClaims(kept, siteOrigin(), now()), ...(claims ? { claims } : {}), ...(flow ? { flow } : {}) }));
  });

  const withdrawal = "/consent/:jti/withdraw/:key/";
  type WithdrawalRequest = FastifyRequest<{ Params: { jti: string; key: string } }>;
  /** The certificate a withdrawal link names, when its key is right. */
  const linked = async (request: WithdrawalRequest) => ((await isWithdrawalKey(db, request.params.jti, request.params.key)) ? keptCertificate(db, request.params.jti) : undefined);

  fastify.get<{ Params: { jti: string; key: string } }>(withdrawal, async (request, reply) => {
    if (!(await counted(request, reply))) return reply;
    privatePage(reply);
    const kept = await linked(request);
    if (!kept) return reply.code(404).type("text/html; charset=utf-8").send(unknownLinkPage());
    if (kept.withdrawnAt || !kept.leadId) return reply.type("text/html; charset=utf-8").send(withdrawnPage(kept.withdrawnAt ?? now().toISOString(), false));
    const lead = await db.selectFrom("leads").select(["consent_wording", "consented_buyers", "consented_at"]).where("id", "=", kept.leadId).executeTakeFirst();
    const partners = lead?.consented_buyers ? (JSON.parse(lead.consented_buyers) as string[]) : [];
    return reply.type("text/html; charset=utf-8").send(withdrawPage({ wording: lead?.consent_wording ?? null, partners, agreedAt: lead?.consented_at ?? null }, request.url));
  });

  fastify.post<{ Params: { jti: string; key: string } }>(withdrawal, async (request, reply) => {
    privatePage(reply);
    if (postedFromAnotherSite(request, siteOrigin())) return reply.code(403).type("text/html; charset=utf-8").send(unknownLinkPage(SOMETHING_WENT_WRONG));
    if (!(await linked(request))) return reply.code(404).type("text/html; charset=utf-8").send(unknownLinkPage());
    const outcome = await withdrawConsent(db, request.params.jti, now());
    if (outcome.withdrawn === "unknown") return reply.code(404).type("text/html; charset=utf-8").send(unknownLinkPage());
    request.log.info({ jti: request.params.jti, withdrawn: outcome.withdrawn }, "consent withdrawn by the visitor");
    return reply.type("text/html; charset=utf-8").send(withdrawnPage(outcome.withdrawnAt, outcome.withdrawn === "now"));
  });
}

/**
 * Kept out of search results, caches and other sites' referrer logs: the address is the capability. `same-origin`,
 * not `no-referrer`: under no-referrer a browser sends the withdrawal's post with `Origin: null`, which reads as
 * another site's.
 */
function privatePage(reply: FastifyReply): void {
  reply.header("x-robots-tag", "noindex, nofollow").header("cache-control", "no-store").header("referrer-policy", "same-origin");
}

/** The claims of a kept certificate, checked against the published keys; undefined once erased (or if it fails). */
function claimsOf(kept: KeptCertificate, keys: ConsentKeys): ConsentClaims | undefined {
  if (!kept.certificate) return undefined;
  const check = verifyJws(kept.certificate, keys.publicKeys(), CERTIFICATE_TYPE);
  return check.ok && isConsentClaims(check.claims) ? check.claims : undefined;
}

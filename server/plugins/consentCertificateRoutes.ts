/**
 * Consent certificates for buyers: GET /.well-known/jwks.json publishes the site's consent signing keys (RFC 7517), every
 * key whose certificates are still kept, so a buyer checks a certificate with any standard library and no call to us.
 */
import type { FastifyInstance } from "fastify";
import type { ConsentKeys } from "../consent/signingKeys";

export interface ConsentCertificateRoutesOptions {
  keys: ConsentKeys;
}

/** How long a cache may keep the key set: a rotated key signs only after every instance has read it (a minute). */
const JWKS_MAX_AGE_SECONDS = 300;

export default async function consentCertificateRoutes(fastify: FastifyInstance, { keys }: ConsentCertificateRoutesOptions): Promise<void> {
  fastify.get("/.well-known/jwks.json", async (_request, reply) => {
    reply.header("cache-control", `public, max-age=${JWKS_MAX_AGE_SECONDS}`).type("application/jwk-set+json; charset=utf-8");
    return keys.jwks();
  });
}

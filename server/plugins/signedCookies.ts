/**
 * Cookies for every route, and the cookies the server signs (the visit `_sp_visit`, the quote session `_sp_quote`,
 * the analyst's session `_sp_analyst`), each with a key of its own: derived from the installation's key and the
 * cookie's name, so a value signed for one cookie is refused as any other, however alike their values look. @fastify/cookie gets no secret of its own, so its `signed: true`,
 * whose one key would cover every name, fails loudly instead of signing.
 */
import { createHmac } from "node:crypto";
import cookie, { Signer, type CookieSerializeOptions, type UnsignResult } from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyRequest {
    /** Cookie `name` checked against its own key: undefined when absent, `valid: false` when not signed by us for this name. */
    signedCookie(name: string): UnsignResult | undefined;
  }
  interface FastifyReply {
    /** Sets cookie `name` to `value` signed with the key of that name. */
    setSignedCookie(name: string, value: string, options: CookieSerializeOptions): FastifyReply;
  }
}

/** What the plugin needs. */
export interface SignedCookiesOptions {
  /** The installation's key (app_settings.visit_cookie_key), from which each name's key is derived. */
  key: string;
}

async function signedCookies(fastify: FastifyInstance, { key }: SignedCookiesOptions): Promise<void> {
  await fastify.register(cookie);
  const signers = new Map<string, Signer>();
  const signerFor = (name: string): Signer => {
    let signer = signers.get(name);
    if (!signer) signers.set(name, (signer = new Signer(createHmac("sha256", key).update(`cookie ${name}`).digest())));
    return signer;
  };
  fastify.decorateRequest("signedCookie", function (this: FastifyRequest, name: string) {
    const raw = this.cookies[name];
    return raw === undefined ? undefined : signerFor(name).unsign(raw);
  });
  fastify.decorateReply("setSignedCookie", function (this: FastifyReply, name: string, value: string, options: CookieSerializeOptions) {
    return this.setCookie(name, signerFor(name).sign(value), { ...options, signed: false });
  });
}

export default fp(signedCookies, { name: "signed-cookies", fastify: "5.x" });

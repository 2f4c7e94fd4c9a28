/**
 * Security headers for every answer (helmet, and a Permissions-Policy) with a Content Security Policy that lets Google
 * Tag Manager and Google Analytics work, needs no 'unsafe-eval', and allows inline scripts only by
 * the hashes of the built pages' own inline scripts, computed at start so the policy matches the build.
 */
import helmet from "helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { inlineScriptHashes, inlineStyleHashes } from "../security/inlineScriptHashes";

/** Where the built pages are. */
export interface SecurityHeadersOptions {
  /** The built site, whose inline scripts are hashed. */
  siteDir: string;
  /** Origins the flows' partner marketplace frames load from (marketplaceOrigins in engine/core/marketplaceUrl.ts). */
  frameOrigins?: readonly string[];
}

/** Hosts Tag Manager and GA4 load from and report to (Google's CSP guide for Tag Manager). */
const GOOGLE_TAGS = ["https://www.googletagmanager.com", "https://*.googletagmanager.com"];
const GOOGLE_ANALYTICS = ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.g.doubleclick.net"];
const GOOGLE_SIGNALS = ["https://*.google.com", "https://*.google.co.uk"];

/**
 * The policy's directives for a build whose inline scripts hash to `scriptHashes` and inline styles to
 * `styleHashes`, with partner marketplaces framed from `frameOrigins` (through our own redirect, hence 'self').
 */
export function cspDirectives(
  scriptHashes: string[],
  { styleHashes = [], frameOrigins = [] }: { styleHashes?: string[]; frameOrigins?: readonly string[] } = {},
): Record<string, string[]> {
  return {
    "default-src": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
    "frame-ancestors": ["'self'"],
    "form-action": ["'self'"],
    "script-src": ["'self'", ...scriptHashes, ...GOOGLE_TAGS],
    "script-src-attr": ["'none'"],
    // Style attributes (React's progress bar width), and inline <style> elements only by hash (the pages' stylesheet).
    "style-src": ["'self'", ...styleHashes],
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:", ...GOOGLE_TAGS, ...GOOGLE_ANALYTICS, ...GOOGLE_SIGNALS],
    "connect-src": ["'self'", ...GOOGLE_TAGS, ...GOOGLE_ANALYTICS, ...GOOGLE_SIGNALS],
    "font-src": ["'self'"],
    // Tag Manager's <noscript> fallback is an iframe; a marketplace frame starts at our redirect, then the partner.
    "frame-src": ["'self'", "https://www.googletagmanager.com", ...frameOrigins],
  };
}

/**
 * Browser features the site never uses, denied to its pages and to any frame inside them (Tag Manager's,
 * a partner marketplace), so a compromised script cannot ask for them.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer",
  "autoplay",
  "browsing-topics",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "idle-detection",
  "local-fonts",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

async function securityHeaders(fastify: FastifyInstance, { siteDir, frameOrigins = [] }: SecurityHeadersOptions): Promise<void> {
  const hashes = await inlineScriptHashes(siteDir);
  const styleHashes = await inlineStyleHashes(siteDir);
  fastify.log.debug({ inlineScripts: hashes.length, inlineStyles: styleHashes.length }, "content security policy built");
  // One helmet middleware, built once: its headers are worked out here, not again on every request.
  const applyHelmet = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      // Not upgrade-insecure-requests: HSTS already keeps browsers on HTTPS, and local HTTP runs must work.
      directives: cspDirectives(hashes, { styleHashes, frameOrigins }),
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  });
  fastify.addHook("onRequest", (request, reply, done) => {
    reply.raw.setHeader("permissions-policy", PERMISSIONS_POLICY);
    applyHelmet(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}

/** Helmet on the root instance, so every route and the 404 page carry the headers. */
export default fp(securityHeaders, { name: "security-headers", fastify: "5.x" });

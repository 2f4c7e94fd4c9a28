/**
 * Rotating the consent signing key, on SQLite and PostgreSQL (`npm run consent`): new certificates are signed with
 * the new key, every old key stays published so the certificates it signed still verify (checked with jose), a key
 * is retired only when no kept certificate was signed with it, and `verify` prints a certificate's claims or why it
 * fails.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runConsentCli } from "../../server/cli/consentCli";
import { consentKeysSecret, loadConsentKeys } from "../../server/consent/signingKeys";
import { signJws } from "../../server/consent/jws";
import { eventually } from "./support/eventually";
import { fixtureLead } from "./support/pipelineFixtures";
import { testClock, WEDNESDAY_MORNING } from "./support/pipelineServer";
import { serverDialects, startServerOn, type ServerOnDialect } from "./support/serverOnDialect";

describe.each(serverDialects)("the consent signing keys on %s", (dialect, skipped) => {
  let on: ServerOnDialect;
  const clock = testClock(WEDNESDAY_MORNING);
  let output = "";

  beforeAll(async () => {
    if (skipped) return;
    on = await startServerOn(dialect, { now: clock.now, consentKeysRefreshMs: 50 });
  }, 60_000);
  afterAll(async () => {
    if (skipped) return;
    await on.close();
  });

  const cli = async (...args: string[]) => {
    output = "";
    return runConsentCli(args, {
      store: async () => on.db,
      secret: () => consentKeysSecret(undefined, on.server.dataDir),
      out: (text) => void (output += text),
      stdin: async () => "",
      now: clock.now,
    });
  };
  const jwks = async () => (await on.server.app.inject({ method: "GET", url: "/.well-known/jwks.json" })).json<JSONWebKeySet>();
  const certificateOf = async (n: number) => {
    const { leadId } = (await on.server.app.inject({ method: "POST", url: "/api/leads", payload: fixtureLead("business-energy", { phone: `020 7946 ${String(3000 + n)}`, email: `keys${n}@example.com` }) })).json<{ leadId: string }>();
    return (await on.db.selectFrom("leads").select("consent_certificate").where("id", "=", leadId).executeTakeFirstOrThrow()).consent_certificate!;
  };
  const verifies = (token: string, set: JSONWebKeySet) => jwtVerify(token, createLocalJWKSet(set), { typ: "consent+jwt", algorithms: ["EdDSA"] });

  it.skipIf(skipped)("signs with a rotated key while the old one stays published, so its certificates still verify", async () => {
    const old = await certificateOf(1);
    const oldKid = decodeProtectedHeader(old).kid!;

    expect(await cli("rotate-key")).toBe(0);
    const newKid = /new key (\S+)/.exec(output)![1]!;
    expect(newKid).not.toBe(oldKid);
    expect(output).toContain(oldKid);

    await eventually(() => jwks(), (set) => set.keys.some((k) => k.kid === newKid));
    // The set and the signing key are read together: once the set shows the new key, leads are signed with it.
    const fresh = await certificateOf(2);
    expect(decodeProtectedHeader(fresh).kid).toBe(newKid);
    const set = await jwks();
    expect(set.keys.map((k) => k.kid)).toEqual(expect.arrayContaining([oldKid, newKid]));
    await expect(verifies(old, set)).resolves.toBeTruthy();
    await expect(verifies(fresh, set)).resolves.toBeTruthy();

    // The old key signed a kept certificate; the new one signs now: neither may go.
    expect(await cli("retire-key", oldKid)).toBe(2);
    expect(output).toMatch(/still signed \d+ kept certificate/);
    expect(await cli("retire-key", newKid)).toBe(2);
    expect(output).toContain("run rotate-key first");
    expect(await cli("retire-key", "no-such-key")).toBe(2);
  });

  it.skipIf(skipped)("retires a key no kept certificate was signed with, and the set stops publishing it", async () => {
    expect(await cli("rotate-key")).toBe(0);
    const unused = /new key (\S+)/.exec(output)![1]!;
    expect(await cli("rotate-key")).toBe(0);
    expect(await cli("retire-key", unused)).toBe(0);
    await eventually(() => jwks(), (set) => !set.keys.some((k) => k.kid === unused));
    expect(await cli("keys")).toBe(0);
    expect(output).toContain(unused);
    expect(output).toContain("(signs now)");
  });

  it.skipIf(skipped)("verifies a certificate from a file, or a delivery's body, printing its claims with no personal data", async () => {
    const token = await certificateOf(100);
    const file = path.join(on.server.dataDir, "certificate.jws");
    await writeFile(file, `${token}\n`);
    expect(await cli("verify", file)).toBe(0);
    expect(output).toContain("The certificate verifies");
    expect(output).toContain("fixture-business-energy, version 1");
    expect(output).not.toMatch(/Sam|Okafor|7946|keys100|example\.com/);

    const body = path.join(on.server.dataDir, "delivery.json");
    await writeFile(body, JSON.stringify({ leadId: "x", consent: { certificate: token } }));
    expect(await cli("verify", body)).toBe(0);

    const [head, claims, signature] = token.split(".") as [string, string, string];
    await writeFile(file, `${head}.${claims.slice(0, -2)}x${claims.slice(-1)}.${signature}`);
    expect(await cli("verify", file)).toBe(3);
    expect(output).toContain("does not verify");

    await writeFile(file, token);
    const without = path.join(on.server.dataDir, "jwks.json");
    await writeFile(without, JSON.stringify({ keys: (await jwks()).keys.filter((k) => k.kid !== decodeProtectedHeader(token).kid) }));
    expect(await cli("verify", file, "--jwks", without)).toBe(3);
    expect(output).toContain("no published key has the kid");
  });

  it.skipIf(skipped)("lets an instance given another secret sign with a key of its own, published beside the rest, and says so", async () => {
    const warnings: string[] = [];
    const other = await loadConsentKeys(on.db, "another instance's secret, not the one the store's keys were sealed with", clock.now, (message) => warnings.push(message));
    expect(warnings).toEqual([expect.stringContaining("CONSENT_KEYS_SECRET")]);
    const { kid, privateKey } = other.signing();
    await on.server.app.inject({ method: "POST", url: "/api/leads", payload: fixtureLead("business-energy", { phone: "020 7946 3900", email: "keys-other@example.com" }) });
    const token = signJws({ iss: "https://www.switchplan.example", sub: "lead" }, { typ: "consent+jwt", kid, privateKey });
    await eventually(() => jwks(), (set) => set.keys.some((k) => k.kid === kid));
    await expect(verifies(token, await jwks())).resolves.toMatchObject({ payload: { sub: "lead" } });
    // The server's own key still signs its leads: a key it cannot open is published but never chosen.
    expect(decodeProtectedHeader(await certificateOf(9)).kid).not.toBe(kid);
  });
});

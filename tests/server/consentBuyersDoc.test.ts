/**
 * docs/buyers.md does what it says: its Python snippet (the `cryptography` package) and its Node snippet (`jose`), run
 * as a buyer runs them against a real certificate from a server listening on loopback, verify it, match the
 * fingerprints against the phone and e-mail as a buyer received them, and read the status, active then withdrawn; a
 * changed byte fails. Neither is the code that signed it.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockAfter } from "../unit/docsSnippets";
import { fixtureLead } from "./support/pipelineFixtures";
import { startPipelineServer, type PipelineServer } from "./support/pipelineServer";

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "../..");
const PHONE = "+44 (0)20 7946 0700";
const EMAIL = " Doc.Reader@Example.COM ";

describe("the buyers' guide", () => {
  let server: PipelineServer;
  let origin: string;
  let dir: string;
  let jti: string;
  let withdrawUrl: string;
  let docs: string;

  beforeAll(async () => {
    server = await startPipelineServer({ env: { MIN_FILL_MS: "0" } });
    await server.app.listen({ host: "127.0.0.1", port: 0 });
    // The origin the server names itself by when PUBLIC_ORIGIN is unset: its certificates' `iss`.
    origin = `http://localhost:${(server.app.server.address() as AddressInfo).port}`;
    // Inside the repository, so the Node snippet finds `jose` as a buyer's project would.
    dir = await mkdtemp(path.join(ROOT, ".buyers-doc-"));
    docs = await readFile(path.join(ROOT, "docs", "buyers.md"), "utf8");
    const answer = (await server.app.inject({ method: "POST", url: "/api/leads", payload: fixtureLead("business-energy", { phone: PHONE, email: EMAIL }) })).json<{ leadId: string; withdrawUrl: string }>();
    withdrawUrl = answer.withdrawUrl;
    const lead = await server.withDb((db) => db.selectFrom("leads").select(["consent_jti", "consent_certificate"]).where("id", "=", answer.leadId).executeTakeFirstOrThrow());
    jti = lead.consent_jti!;
    await writeFile(path.join(dir, "certificate.jwt"), lead.consent_certificate!);
    await writeFile(path.join(dir, "jwks.json"), await (await fetch(`${origin}/.well-known/jwks.json`)).text());
    await writeFile(path.join(dir, "verify_consent.py"), blockAfter(docs, "## Checking a certificate with Python", "python"));
    await writeFile(path.join(dir, "verify-consent.mjs"), blockAfter(docs, "## Checking a certificate with Node", "js"));
  }, 60_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await server.close();
  });

  const python = async (...args: string[]) => run("python3", [path.join(dir, "verify_consent.py"), ...args], { cwd: dir });
  const node = async (...args: string[]) => run(process.execPath, [path.join(dir, "verify-consent.mjs"), ...args], { cwd: dir, env: { ...process.env, SWITCHPLAN_ORIGIN: origin } });
  const statusFile = async () => {
    await writeFile(path.join(dir, "status.jwt"), await (await fetch(`${origin}/api/consent/${jti}`)).text());
    return "status.jwt";
  };

  it("verifies a certificate with the Python snippet, matches its fingerprints and reads its status", async () => {
    const { stdout } = await python("certificate.jwt", "jwks.json", PHONE, EMAIL, await statusFile());
    expect(stdout).toContain(`certificate: valid, lead `);
    expect(stdout).toContain(`signed by ${origin}`);
    expect(stdout).toContain("e-mail matches: yes\nphone matches: yes\n");
    expect(stdout).toContain("status: active\n");
    const other = await python("certificate.jwt", "jwks.json", "020 7946 0701", "someone.else@example.com");
    expect(other.stdout).toContain("e-mail matches: NO\nphone matches: NO\n");
  });

  it("fails a changed byte with the Python snippet", async () => {
    const token = await readFile(path.join(dir, "certificate.jwt"), "utf8");
    const [head, body, signature] = token.split(".") as [string, string, string];
    const claims = Buffer.from(body, "base64url").toString().replace('"test":false', '"test":true ');
    await writeFile(path.join(dir, "changed.jwt"), `${head}.${Buffer.from(claims).toString("base64url")}.${signature}`);
    await expect(python("changed.jwt", "jwks.json", PHONE, EMAIL)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("certificate: INVALID (the signature does not match the key)") });
  });

  it("verifies the certificate with the Node snippet and reads the status from the site, withdrawn once the visitor withdraws it", async () => {
    const before = await node("certificate.jwt", PHONE, EMAIL);
    expect(before.stdout).toMatch(/^certificate: valid, lead [0-9a-f-]{36}, signed at \d+\ne-mail matches: yes\nphone matches: yes\nstatus: active\n$/);
    const withdrawn = await fetch(`${origin}${withdrawUrl}`, { method: "POST", headers: { origin, "content-type": "application/x-www-form-urlencoded" }, body: "" });
    expect(withdrawn.status).toBe(200);
    const after = await node("certificate.jwt", PHONE, EMAIL);
    expect(after.stdout).toMatch(/status: withdrawn since \d{4}-\d\d-\d\dT[\d:.]+Z\n$/);
    const { stdout } = await python("certificate.jwt", "jwks.json", PHONE, EMAIL, await statusFile());
    expect(stdout).toMatch(/status: withdrawn since /);
  });
});

/** The flow studio's API over a scratch copy of forms/: listing, reading, checking and saving, as the studio calls it. */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Finding } from "../../engine/core/findings";
import { defaultFormsDir, loadFlowCorpus } from "../../engine/node/formsFolder";
import { formatJson } from "../../engine/studio/jsonStyle";
import { textHash } from "../../server/studio/flowFolder";
import { buildStudioApi } from "../../server/studio/studioApi";

let scratch: string;
let formsDir: string;
let app: FastifyInstance;
const savedFiles: string[][] = [];
beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), "studio-api-"));
  formsDir = path.join(scratch, "forms");
  cpSync(defaultFormsDir, formsDir, { recursive: true });
  app = await buildStudioApi({ formsDir, saved: (files) => savedFiles.push(files), logLevel: "silent" });
});
afterAll(async () => {
  await app?.close();
  rmSync(scratch, { recursive: true, force: true });
});
afterEach(() => {
  // Each test starts from forms/ as shipped.
  rmSync(formsDir, { recursive: true, force: true });
  cpSync(defaultFormsDir, formsDir, { recursive: true });
  savedFiles.length = 0;
});

const root = () => formsDir;
const onDisk = (flow: string, name: string) => readFileSync(path.join(formsDir, flow, name), "utf8");
const shipped = (flow: string, name: string) => readFileSync(path.join(defaultFormsDir, flow, name), "utf8");
const post = (url: string, payload: unknown) => app.inject({ method: "POST", url: `/studio/api/flows/${url}`, payload: payload as object });
/** business-water's v1 as a new v2 with its first question changed. */
function waterV2(question = "How many sites does your company run?"): string {
  const doc = JSON.parse(shipped("business-water", "v1.json")) as { version: number; steps: Array<{ question?: string }> };
  doc.version = 2;
  doc.steps[0]!.question = question;
  return formatJson(doc);
}
const splitOf = (weights: Record<string, number>) => formatJson({ $schema: "../../schemas/split.schema.json", default: 1, weights });

describe("the studio's API", () => {
  it("lists every flow with each version's weight, live flag and counts of findings", async () => {
    writeFileSync(path.join(formsDir, "business-energy", "v2.json"), "{ not json");
    writeFileSync(path.join(formsDir, "business-energy", "split.json"), splitOf({ "1": 60, "2": 40, "3": 0 }));
    const res = await app.inject("/studio/api/flows");
    expect(res.statusCode).toBe(200);
    const body = res.json<{ root: string; flows: Array<{ id: string; title: string; versions: Array<Record<string, unknown>>; split: { errors: number; warnings: number } }> }>();
    expect(body.root).toBe(root());
    expect(body.flows.map((f) => f.id)).toContain("business-water");
    const water = body.flows.find((f) => f.id === "business-water")!;
    expect(water.title).toBe("Compare business water prices");
    expect(water.versions).toEqual([{ version: 1, description: expect.any(String), weight: 100, live: true, errors: 0, warnings: 0 }]);
    const energy = body.flows.find((f) => f.id === "business-energy")!;
    expect(energy.versions.map(({ version, weight, live, errors }) => ({ version, weight, live, errors }))).toEqual([
      { version: 1, weight: 60, live: true, errors: 0 },
      { version: 2, weight: 40, live: true, errors: 1 },
      { version: 3, weight: 0, live: false, errors: 0 },
    ]);
    expect(body.flows.find((f) => f.id === "deals")).toBeUndefined();
  });

  it("reads a flow's files with their hashes, and its findings as forms:check gives them", async () => {
    writeFileSync(path.join(formsDir, "business-water", "notes.json"), "{}\n");
    const res = await app.inject("/studio/api/flows/business-water");
    expect(res.statusCode).toBe(200);
    const body = res.json<{ id: string; title: string; files: Record<string, { text: string; hash: string }>; findings: Finding[] }>();
    expect(body.id).toBe("business-water");
    expect(Object.keys(body.files)).toEqual(["v1.json", "split.json"]);
    expect(body.files["v1.json"]).toEqual({ text: shipped("business-water", "v1.json"), hash: textHash(shipped("business-water", "v1.json")) });
    const check = loadFlowCorpus(formsDir).findings.filter((f) => f.file.startsWith(`${root()}/business-water/`));
    expect(body.findings).toEqual(check);
    expect(body.findings.map((f) => f.rule)).toEqual(["stray-file"]);
  });

  it.each(["nope", "../quote", "Business-Water", "deals"])("answers 404 for a flow that is not in the folder (%s)", async (flow) => {
    const res = await app.inject(`/studio/api/flows/${encodeURIComponent(flow)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: `No flow "${flow}" in ${root()}` });
  });

  it("checks drafts as forms:check would check them on disk", async () => {
    const draft = shipped("business-water", "v1.json").replace('"next": "spend"', '"next": "spnd"');
    const res = await post("business-water/check", { files: { "v1.json": draft } });
    expect(res.statusCode).toBe(200);
    const { findings } = res.json<{ findings: Finding[] }>();
    writeFileSync(path.join(formsDir, "business-water", "v1.json"), draft);
    expect(findings).toEqual(loadFlowCorpus(formsDir).findings.filter((f) => f.file.startsWith(`${root()}/business-water/`)));
    expect(findings).toContainEqual(expect.objectContaining({ severity: "error", rule: "unknown-step", file: `${root()}/business-water/v1.json`, step: "sites" }));
  });

  it("reports a draft that is not JSON as its finding", async () => {
    const res = await post("business-water/check", { files: { "v1.json": "{ oops" } });
    expect(res.json<{ findings: Finding[] }>().findings).toContainEqual(expect.objectContaining({ rule: "invalid-json" }));
  });

  it("refuses to save a draft with an error, and writes nothing", async () => {
    const draft = shipped("business-water", "v1.json").replace('"next": "spend"', '"next": "spnd"');
    const base = textHash(shipped("business-water", "v1.json"));
    const res = await post("business-water/save", { files: { "v1.json": { text: draft, base } }, confirm: true });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ findings: Finding[] }>().findings).toContainEqual(expect.objectContaining({ rule: "unknown-step" }));
    expect(onDisk("business-water", "v1.json")).toBe(shipped("business-water", "v1.json"));
    expect(savedFiles).toEqual([]);
  });

  it("refuses to save over a file changed on disk since it was opened, showing both, and writes nothing", async () => {
    const opened = shipped("business-water", "v1.json");
    const elsewhere = opened.replace("How many sites", "How many premises");
    writeFileSync(path.join(formsDir, "business-water", "v1.json"), elsewhere);
    const draft = opened.replace("How many sites", "How many locations");
    const res = await post("business-water/save", { files: { "v1.json": { text: draft, base: textHash(opened) } }, confirm: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ conflicts: [{ name: "v1.json", disk: elsewhere, draft }] });
    expect(onDisk("business-water", "v1.json")).toBe(elsewhere);
  });

  it("refuses to create a file that someone else has created since", async () => {
    writeFileSync(path.join(formsDir, "business-water", "v2.json"), waterV2("Theirs?"));
    const res = await post("business-water/save", { files: { "v2.json": { text: waterV2(), base: null } }, confirm: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ conflicts: [{ name: "v2.json", disk: waterV2("Theirs?"), draft: waterV2() }] });
  });

  it("shows the change as a unified diff without writing when not confirmed", async () => {
    const opened = shipped("business-water", "v1.json");
    const draft = opened.replace("How many sites does your business have?", "How many sites does your company run?");
    const res = await post("business-water/save", { files: { "v1.json": { text: draft, base: textHash(opened) } }, confirm: false });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ written: boolean; diff: Array<{ name: string; created: boolean; patch: string }> }>();
    expect(body.written).toBe(false);
    expect(body.diff).toHaveLength(1);
    expect(body.diff[0]).toMatchObject({ name: "v1.json", created: false });
    expect(body.diff[0]!.patch).toContain(`--- ${root()}/business-water/v1.json`);
    expect(body.diff[0]!.patch).toContain('-      "question": "How many sites does your business have?",\n+      "question": "How many sites does your company run?",');
    expect(onDisk("business-water", "v1.json")).toBe(opened);
    expect(savedFiles).toEqual([]);
  });

  it("writes the draft byte for byte when confirmed, with no temporary file left, and tells the preview", async () => {
    const opened = shipped("business-water", "v1.json");
    const draft = opened.replace("How many sites does your business have?", "How many sites does your company run?");
    const res = await post("business-water/save", { files: { "v1.json": { text: draft, base: textHash(opened) } }, confirm: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ written: true, files: { "v1.json": { text: draft, hash: textHash(draft) } } });
    expect(onDisk("business-water", "v1.json")).toBe(draft);
    expect(readdirSync(path.join(formsDir, "business-water")).sort()).toEqual(["split.json", "v1.json"]);
    expect(savedFiles).toEqual([[path.join(formsDir, "business-water", "v1.json")]]);
  });

  it("writes a new version and its split in one save", async () => {
    const split = shipped("business-water", "split.json");
    const files = { "v2.json": { text: waterV2(), base: null }, "split.json": { text: splitOf({ "1": 50, "2": 50 }), base: textHash(split) } };
    const diff = await post("business-water/save", { files, confirm: false });
    expect(diff.json<{ diff: Array<{ name: string; created: boolean }> }>().diff.map(({ name, created }) => ({ name, created }))).toEqual([
      { name: "v2.json", created: true },
      { name: "split.json", created: false },
    ]);
    const res = await post("business-water/save", { files, confirm: true });
    expect(res.statusCode).toBe(200);
    expect(onDisk("business-water", "v2.json")).toBe(waterV2());
    expect(onDisk("business-water", "split.json")).toBe(splitOf({ "1": 50, "2": 50 }));
    const listed = (await app.inject("/studio/api/flows")).json<{ flows: Array<{ id: string; versions: Array<{ version: number; weight: number; live: boolean }> }> }>();
    expect(listed.flows.find((f) => f.id === "business-water")!.versions.map(({ version, weight, live }) => ({ version, weight, live }))).toEqual([
      { version: 1, weight: 50, live: true },
      { version: 2, weight: 50, live: true },
    ]);
  });

  it("refuses a split whose weights do not add up to 100, writing neither file", async () => {
    const files = { "v2.json": { text: waterV2(), base: null }, "split.json": { text: splitOf({ "1": 50, "2": 40 }), base: textHash(shipped("business-water", "split.json")) } };
    const res = await post("business-water/save", { files, confirm: true });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ findings: Finding[] }>().findings).toContainEqual(expect.objectContaining({ rule: "split-total" }));
    expect(existsSync(path.join(formsDir, "business-water", "v2.json"))).toBe(false);
  });

  it("serialises two saves of the same flow: the second sees the first's write and is refused", async () => {
    const opened = shipped("business-water", "v1.json");
    const one = opened.replace("How many sites", "How many premises");
    const two = opened.replace("How many sites", "How many locations");
    const [a, b] = await Promise.all([
      post("business-water/save", { files: { "v1.json": { text: one, base: textHash(opened) } }, confirm: true }),
      post("business-water/save", { files: { "v1.json": { text: two, base: textHash(opened) } }, confirm: true }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([one, two]).toContain(onDisk("business-water", "v1.json"));
  });

  const versionFiles = readdirSync(defaultFormsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) => readdirSync(path.join(defaultFormsDir, folder.name)).filter((name) => /^(v\d+|split)\.json$/.test(name)).map((name) => [folder.name, name] as const));
  it.each(versionFiles)("opens and saves %s/%s without an edit: an empty diff and the same bytes", async (flow, name) => {
    const { files } = (await app.inject(`/studio/api/flows/${flow}`)).json<{ files: Record<string, { text: string; hash: string }> }>();
    const { text, hash } = files[name]!;
    // The studio writes what it parsed, in the repository's style.
    const draft = formatJson(JSON.parse(text));
    const diff = await post(`${flow}/save`, { files: { [name]: { text: draft, base: hash } }, confirm: false });
    expect(diff.statusCode).toBe(200);
    expect(diff.json<{ diff: Array<{ patch: string }> }>().diff[0]!.patch).not.toMatch(/^[-+][^-+]/m);
    const res = await post(`${flow}/save`, { files: { [name]: { text: draft, base: hash } }, confirm: true });
    expect(res.statusCode).toBe(200);
    expect(onDisk(flow, name)).toBe(shipped(flow, name));
  });

  const badBodies: Array<[string, string, unknown, string]> = [
    ["check", "a name that is not a version", { files: { "v2 copy.json": "{}" } }, '"v2 copy.json" is not a file the studio writes'],
    ["check", "a path", { files: { "../quote/v1.json": "{}" } }, "is not a file the studio writes"],
    ["check", "v0", { files: { "v0.json": "{}" } }, "is not a file the studio writes"],
    ["check", "no files", {}, "files must be an object"],
    ["check", "no file at all", { files: {} }, "files must name at least one file"],
    ["check", "a text that is not a string", { files: { "v1.json": { a: 1 } } }, 'files["v1.json"] must be the file\'s text'],
    ["check", "an array", [], "must be a JSON object"],
    ["save", "no confirm", { files: { "v1.json": { text: "{}", base: null } } }, "confirm must be true"],
    ["save", "a draft without its base", { files: { "v1.json": { text: "{}" } }, confirm: false }, "base must be the hash"],
    ["save", "a bare text", { files: { "v1.json": "{}" }, confirm: false }, "must be { text, base }"],
  ];
  it.each(badBodies)("answers 400 to a %s body with %s", async (route, _what, payload, message) => {
    const res = await post(`business-water/${route}`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
  });

  it.each([
    ["malformed JSON", "{ files:", "application/json", 400, "not valid JSON"],
    ["an empty body", "", "application/json", 400, "empty"],
    ["a form post", "files=1", "application/x-www-form-urlencoded", 415, "must be JSON"],
    ["a text post", "{}", "text/plain", 400, "must be a JSON object"],
    ["a body over the limit", JSON.stringify({ files: { "v1.json": "x".repeat(2 * 1024 * 1024) } }), "application/json", 413, "larger than"],
  ])("answers %s with a client error and a message", async (_what, payload, type, status, message) => {
    const res = await app.inject({ method: "POST", url: "/studio/api/flows/business-water/save", payload, headers: { "content-type": type } });
    expect(res.statusCode).toBe(status);
    expect(res.json<{ message: string }>().message).toContain(message);
  });

  it("refuses a request naming another host, and a post from another origin", async () => {
    expect((await app.inject({ url: "/studio/api/flows", headers: { host: "attacker.example" } })).statusCode).toBe(403);
    const res = await app.inject({ method: "POST", url: "/studio/api/flows/business-water/check", headers: { origin: "https://attacker.example" }, payload: { files: { "v1.json": "{}" } } });
    expect(res.statusCode).toBe(403);
    expect((await app.inject({ url: "/studio/api/flows", headers: { host: "127.0.0.1:3000" } })).statusCode).toBe(200);
  });
});

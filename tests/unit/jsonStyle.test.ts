import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatJson } from "../../engine/studio/jsonStyle";
import { defaultFormsDir } from "../../engine/node/formsFolder";

const files = readdirSync(defaultFormsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((folder) => readdirSync(path.join(defaultFormsDir, folder.name)).filter((name) => name.endsWith(".json")).map((name) => `${folder.name}/${name}`));

describe("the repository's JSON style", () => {
  it("finds the forms folder's files", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files)("writes forms/%s back byte for byte", (file) => {
    const text = readFileSync(path.join(defaultFormsDir, file), "utf8");
    expect(formatJson(JSON.parse(text))).toBe(text);
  });

  it("keeps keys in the order given, a changed value in its place and a new key at the end", () => {
    const step = { id: "a", next: "b", question: "Q" };
    expect(formatJson({ ...step, next: "c", help: "h" })).toBe('{\n  "id": "a",\n  "next": "c",\n  "question": "Q",\n  "help": "h"\n}\n');
  });
});

/** The step-kind contract: the schema, the core registry and the component registry name the same kinds, and only a kind's own files branch on its name. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { stepKinds } from "../../engine/core/kinds/registry";
import { stepRegistry } from "../../engine/react/registry";
import { repoRoot } from "../fixtures/forms";
import { schemaStepKinds } from "../fixtures/stepKinds";

const camel = (kind: string) => kind.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const pascal = (kind: string) => camel(kind).replace(/^./, (c) => c.toUpperCase());

/** A kind's own files: its core module and its component. */
const ownFiles = (kind: string) => [`engine/core/kinds/${camel(kind)}.ts`, `engine/react/steps/${pascal(kind)}Step.tsx`];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(repoRoot, dir)).flatMap((name) => {
    const file = path.posix.join(dir, name);
    if (statSync(path.join(repoRoot, file)).isDirectory()) return name === "node_modules" || name === "generated" ? [] : sourceFiles(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("the step kinds", () => {
  it("are the same in the flow schema's union, the core registry and the component registry", () => {
    const kinds = [...schemaStepKinds()].sort();
    expect(Object.keys(stepKinds).sort()).toEqual(kinds);
    expect(Object.keys(stepRegistry).sort()).toEqual(kinds);
  });

  it("each have their module and component, named after them", () => {
    for (const kind of schemaStepKinds()) for (const file of ownFiles(kind)) expect(statSync(path.join(repoRoot, file)).isFile(), file).toBe(true);
  });

  it("are branched on by name only in their own files", () => {
    const branches: string[] = [];
    for (const file of ["engine", "site", "server", "scripts"].flatMap(sourceFiles)) {
      const source = readFileSync(path.join(repoRoot, file), "utf8");
      for (const kind of schemaStepKinds()) {
        if (ownFiles(kind).includes(file)) continue;
        const name = kind.replace(/[-]/g, "\\-");
        const pattern = new RegExp(`kind\\s*[!=]==?\\s*"${name}"|case\\s+"${name}"\\s*:`, "g");
        for (const match of source.matchAll(pattern)) branches.push(`${file}: ${match[0]}`);
      }
    }
    expect(branches).toEqual([]);
  });
});

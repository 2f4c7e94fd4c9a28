/**
 * No module imports itself through others: the import graph of engine/, site/, server/ and scripts/ has no cycles.
 * Every edge counts, `import type`, `export … from` and `import("…")` alike, since a cycle of types still ties the
 * modules into one unit that cannot be read, moved or loaded apart.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../fixtures/forms";

const roots = ["engine", "site", "server", "scripts"];
const sourceFile = /\.tsx?$/;
/** How a bundler-style specifier without an extension names a file: tried in this order. */
const candidates = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

/** Every .ts and .tsx file under the roots, relative to the repository root with forward slashes. */
function sourceFiles(): string[] {
  const files: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) visit(file);
      else if (sourceFile.test(entry.name) && !entry.name.endsWith(".d.ts")) files.push(file);
    }
  };
  roots.forEach(visit);
  return files.sort();
}

/** The relative specifiers a module's source imports or re-exports, types and `import("…")` included. */
function relativeSpecifiers(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((imported) => imported.fileName).filter((specifier) => specifier.startsWith("."));
}

/** The file a relative specifier names (without any Vite `?query`), or undefined when none exists. */
function resolve(from: string, specifier: string): string | undefined {
  const target = path.posix.join(path.posix.dirname(from), specifier.replace(/\?.*$/, ""));
  const stems = target.endsWith(".js") ? [target.slice(0, -3), target] : [target];
  for (const stem of stems) {
    for (const suffix of candidates) {
      const file = stem + suffix;
      const full = path.join(repoRoot, file);
      if (existsSync(full) && statSync(full).isFile()) return file;
    }
  }
  return undefined;
}

interface ImportGraph {
  edges: Map<string, string[]>;
  unresolved: string[];
}

/** Each file's relative imports of other source files, read by TypeScript's own import scanner. */
function importGraph(): ImportGraph {
  const files = sourceFiles();
  const inGraph = new Set(files);
  const edges = new Map<string, string[]>();
  const unresolved: string[] = [];
  for (const file of files) {
    const targets = new Set<string>();
    for (const specifier of relativeSpecifiers(readFileSync(path.join(repoRoot, file), "utf8"))) {
      const target = resolve(file, specifier);
      if (target === undefined) unresolved.push(`${file}: "${specifier}"`);
      else if (inGraph.has(target)) targets.add(target);
    }
    edges.set(file, [...targets].sort());
  }
  return { edges, unresolved };
}

/** The strongly connected components with more than one file, or one file importing itself (Tarjan). */
function tangledComponents(edges: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || edges.get(file)!.includes(file)) components.push(component.sort());
  };
  for (const file of edges.keys()) if (!index.has(file)) connect(file);
  return components;
}

/** The shortest way from a file back to itself inside its component (breadth first), as `a.ts → b.ts → a.ts`. */
function shortestCycle(start: string, component: Set<string>, edges: Map<string, string[]>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const file = queue[i]!;
    for (const next of edges.get(file)!) {
      if (!component.has(next)) continue;
      if (next === start) {
        const cycle = [start];
        for (let at = file; at !== start; at = cameFrom.get(at)!) cycle.unshift(at);
        return [start, ...cycle];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  throw new Error(`${start} is on no cycle of its component`);
}

/** One shortest cycle through each file caught in a cycle, each cycle listed once. */
function cycles(edges: Map<string, string[]>): string[] {
  const found = new Map<string, string>();
  for (const component of tangledComponents(edges)) {
    const members = new Set(component);
    for (const file of component) {
      const cycle = shortestCycle(file, members, edges);
      const loop = cycle.slice(0, -1);
      const first = loop.indexOf([...loop].sort()[0]!);
      const canonical = [...loop.slice(first), ...loop.slice(0, first)];
      found.set(canonical.join(" "), [...canonical, canonical[0]].join(" → "));
    }
  }
  return [...found.values()].sort();
}

describe("the import graph of engine/, site/, server/ and scripts/", () => {
  const { edges, unresolved } = importGraph();

  it("resolves every relative import to a file", () => {
    expect(unresolved).toEqual([]);
  });

  it("has no cycles", () => {
    expect(cycles(edges)).toEqual([]);
  });

  it("counts type imports, re-exports and dynamic imports as edges", () => {
    const source = [
      'import type { A } from "./a";',
      'import { type B, c } from "./b";',
      'export { d } from "./d";',
      'export type * from "./e";',
      'export const f = () => import("./f");',
      'import "./g.css";',
      'import React from "react";',
    ].join("\n");
    expect(relativeSpecifiers(source)).toEqual(["./a", "./b", "./d", "./e", "./f", "./g.css"]);
  });

  it("prints each cycle from its first file back to it", () => {
    const tangled = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts", "d.ts"]],
      ["d.ts", []],
      ["e.ts", ["e.ts"]],
    ]);
    expect(cycles(tangled)).toEqual(["a.ts → b.ts → c.ts → a.ts", "e.ts → e.ts"]);
  });
});

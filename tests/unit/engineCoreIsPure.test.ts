import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../fixtures/forms";

const coreDir = path.join(repoRoot, "engine/core");
const browserGlobals = new Set(["document", "window", "fetch", "localStorage", "sessionStorage", "navigator"]);

/** What a source file reaches outside pure TypeScript: the modules it imports and the browser globals it names. */
function reachOf(fileName: string, source: string): { imports: string[]; globals: string[] } {
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const imports: string[] = [];
  const globals: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      imports.push(node.moduleSpecifier.text);
    }
    if (ts.isCallExpression(node) && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === "require")) {
        imports.push(node.arguments[0].text);
      }
    }
    if (ts.isIdentifier(node) && browserGlobals.has(node.text) && !isOwnPropertyName(node)) globals.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return { imports, globals };
}

/** `x.document` or `{ document: … }` names a property, not the global (but `globalThis.fetch` is the global). */
function isOwnPropertyName(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) {
    return !(ts.isIdentifier(parent.expression) && ["globalThis", "self", "window"].includes(parent.expression.text));
  }
  return (ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node;
}

/** Why an import is not allowed in engine/core, or undefined when it is. */
function forbiddenImport(fromFile: string, specifier: string): string | undefined {
  if (/^react(-dom)?(\/|$)/.test(specifier)) return `imports ${specifier}`;
  if (!specifier.startsWith(".")) return undefined;
  const target = path.relative(repoRoot, path.resolve(path.dirname(fromFile), specifier)).split(path.sep).join("/");
  if (/^(site|server|engine\/react)(\/|$)/.test(target)) return `imports ${target}`;
  return undefined;
}

/** Every problem of one source file, as `<file>: <problem>`. */
function impurities(fileName: string, source: string): string[] {
  const { imports, globals } = reachOf(fileName, source);
  const name = path.relative(repoRoot, fileName);
  return [
    ...imports.flatMap((specifier) => forbiddenImport(fileName, specifier) ?? []),
    ...globals.map((global) => `uses ${global}`),
  ].map((problem) => `${name}: ${problem}`);
}

const coreFiles = readdirSync(coreDir, { recursive: true, encoding: "utf8" })
  .filter((name) => /\.tsx?$/.test(name))
  .map((name) => path.join(coreDir, name));

describe("engine/core", () => {
  it("has sources to check", () => {
    expect(coreFiles.length).toBeGreaterThan(0);
  });

  it.each(coreFiles.map((file) => [path.relative(repoRoot, file), file]))(
    "%s imports no React, site or server code and touches no browser global",
    (_name, file) => {
      expect(impurities(file, readFileSync(file, "utf8"))).toEqual([]);
    },
  );
});

describe("the purity check itself", () => {
  const fakeFile = path.join(coreDir, "example.ts");

  it.each([
    ['import { useState } from "react";', "imports react"],
    ['import { createRoot } from "react-dom/client";', "imports react-dom/client"],
    ['import { layout } from "../../site/layout";', "imports site/layout"],
    ['export { buildServer } from "../../server/buildServer";', "imports server/buildServer"],
    ['const step = await import("../react/steps/RadioStep");', "imports engine/react/steps/RadioStep"],
    ['const answers = localStorage.getItem("answers");', "uses localStorage"],
    ["const title = document.title;", "uses document"],
    ["const width = window.innerWidth;", "uses window"],
    ['const res = await fetch("/api/leads");', "uses fetch"],
    ['const res = await globalThis.fetch("/api/leads");', "uses fetch"],
  ])("catches %j", (source, problem) => {
    expect(impurities(fakeFile, source)).toEqual([`engine/core/example.ts: ${problem}`]);
  });

  it.each([
    "/** Loads a flow document and checks it. */",
    'const message = "fetch the document from the window";',
    "const flow = { document: doc }; const doc2 = flow.document;",
    'import jsonLogic from "json-logic-js";',
    'import fieldsSchema from "../../schemas/fields.schema.json";',
  ])("lets %j pass", (source) => {
    expect(impurities(fakeFile, source)).toEqual([]);
  });
});

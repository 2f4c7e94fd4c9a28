/**
 * The one reader of the forms folder on the Node side: lists and reads its files for the engine's corpus model
 * (engine/core/flowCorpus.ts). Used by the server, the Vite plugins, the scripts and the test fixtures alike.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readFlowCorpus, type FlowCorpus, type FormsListing } from "../core/flowCorpus";
import type { SchemaCheck } from "../core/types";
import { createSchemaCheck } from "./validation";

/** The repository's root: files inside it are named from there in messages. */
export const repoRoot = fileURLToPath(new URL("../../", import.meta.url));

/** The forms folder the project ships (FORMS_DIR points the server, build and preview elsewhere). */
export const defaultFormsDir = path.join(repoRoot, "forms");

/** The forms folder to read: FORMS_DIR (from the repository root) when set, else forms/. */
export function formsDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.FORMS_DIR ? path.resolve(repoRoot, env.FORMS_DIR) : defaultFormsDir;
}

/**
 * The forms folder a command reads, as its first line names it: `forms/ (FORMS_DIR unset: the project's own
 * folder)`, or `/tmp/copy/forms/ (FORMS_DIR)`, so nobody checks the project's folder believing it is their copy.
 */
export function formsDirWords(env: NodeJS.ProcessEnv = process.env): string {
  return `${displayPath(formsDirFromEnv(env))}/ (${env.FORMS_DIR ? "FORMS_DIR" : "FORMS_DIR unset: the project's own folder"})`;
}

/** `forms/business-water` for a path inside the repository, the absolute path otherwise. */
export function displayPath(file: string): string {
  const relative = path.relative(repoRoot, file);
  return relative.startsWith("..") || path.isAbsolute(relative) ? file : relative.split(path.sep).join("/");
}

/** Every JSON file one level down in the forms folder (the flow folders and the data folders beside them). */
export function readFormsFolder(formsDir: string): FormsListing {
  const files = readdirSync(formsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) =>
      readdirSync(path.join(formsDir, folder.name), { withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith(".json"))
        .map((entry) => ({ path: `${folder.name}/${entry.name}`, text: readFileSync(path.join(formsDir, folder.name, entry.name), "utf8") })),
    );
  return { root: displayPath(formsDir), files };
}

let sharedCheck: SchemaCheck | undefined;

/** The forms folder read and checked; `previous` keeps the last good copy of a file that is broken now. */
export function loadFlowCorpus(formsDir: string = defaultFormsDir, previous?: FlowCorpus, check: SchemaCheck = (sharedCheck ??= createSchemaCheck())): FlowCorpus {
  return readFlowCorpus(readFormsFolder(formsDir), check, previous);
}

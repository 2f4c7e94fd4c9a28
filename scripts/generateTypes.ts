/**
 * Writes TypeScript types for every schema in schemas/ into schemas/generated/.
 * `--check` writes nothing and exits 1 when a generated file is missing or stale.
 */
import { readFile, writeFile, readdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { compile } from "json-schema-to-typescript";
import { stopQuietlyWhenOutputCloses } from "../server/cli/closedOutput";

const repoSchemasDir = fileURLToPath(new URL("../schemas/", import.meta.url));

const banner = "/* Generated from schemas/{file} by `npm run schemas:types`. Do not edit. */";

/** The generated source for each schema file in `schemasDir`, keyed by its output path (in its generated/ folder). */
export async function generateTypes(schemasDir = repoSchemasDir): Promise<Map<string, string>> {
  const outDir = path.join(schemasDir, "generated");
  const files = (await readdir(schemasDir)).filter((f) => f.endsWith(".schema.json")).sort();
  const sources = new Map<string, string>();
  const schemas = new Map<string, { definitions?: Record<string, unknown> }>();
  for (const file of files) {
    const schema = withoutPropertyTitles(JSON.parse(await readFile(path.join(schemasDir, file), "utf8")));
    schemas.set(file.replace(".schema.json", ""), structuredClone(schema) as { definitions?: Record<string, unknown> });
    const ts = await compile(schema, schema.title, {
      cwd: schemasDir,
      bannerComment: banner.replace("{file}", file),
      additionalProperties: false,
      unreachableDefinitions: true,
      ignoreMinAndMaxItems: true,
      style: { singleQuote: false, printWidth: 110 },
    });
    sources.set(file.replace(".schema.json", ""), ts);
  }
  const out = new Map([...sharedTypes(sources, definitionOwners(schemas))].map(([name, ts]) => [path.join(outDir, `${name}.ts`), ts]));
  out.set(path.join(outDir, "fieldLabels.ts"), await fieldLabelsModule(schemasDir));
  out.set(path.join(outDir, "responseCodes.ts"), await responseCodesModule(schemasDir));
  return out;
}

/**
 * Each module without the copies of types another schema defines (json-schema-to-typescript writes a referenced
 * definition, such as `fields.schema.json#/definitions/serviceType`, into every module that refers to it),
 * importing them from their own schema's module instead. Only simple declarations (`type X = … ;`) are shared.
 */
function sharedTypes(sources: Map<string, string>, definedBy: Map<string, string>): Map<string, string> {
  return new Map(
    [...sources].map(([name, ts]) => {
      const imports = new Map<string, string[]>();
      let source = ts;
      for (const [type, owner] of definedBy) {
        if (owner === name) continue;
        const copy = new RegExp(`(?:/\\*\\*(?:(?!\\*/)[\\s\\S])*\\*/\\n)?export type ${type} =[^;{]*;\\n`);
        if (!copy.test(source)) continue;
        source = source.replace(copy, "");
        imports.set(owner, [...(imports.get(owner) ?? []), type]);
      }
      if (imports.size === 0) return [name, ts];
      const lines = [...imports].sort().map(([owner, types]) => `import type { ${types.sort().join(", ")} } from "./${owner}";`);
      const bannerEnd = source.indexOf("*/") + 3;
      return [name, `${source.slice(0, bannerEnd)}${lines.join("\n")}\n${source.slice(bannerEnd)}`];
    }),
  );
}

/** The module each definition's type belongs to: `definitions.serviceType` of fields.schema.json is `ServiceType` of fields.ts. */
function definitionOwners(schemas: Map<string, { definitions?: Record<string, unknown> }>): Map<string, string> {
  const owners = new Map<string, string>();
  for (const [name, schema] of schemas) {
    for (const key of Object.keys(schema.definitions ?? {})) owners.set(key[0]!.toUpperCase() + key.slice(1), name);
  }
  return owners;
}

/**
 * The field library's labels as a small module: the browser needs a field's label for its messages, not
 * the whole library.
 */
async function fieldLabelsModule(schemasDir: string): Promise<string> {
  const library = JSON.parse(await readFile(path.join(schemasDir, "fields.schema.json"), "utf8")) as {
    properties: Record<string, { title?: string }>;
  };
  const entries = Object.entries(library.properties).map(([key, { title }]) => `  ${key}: ${JSON.stringify(title ?? key)},`);
  return [
    banner.replace("{file}", "fields.schema.json"),
    'import type { FieldKey } from "./fields";',
    "",
    "/** Each field's label, as a visitor reads it. */",
    "export const fieldLabels = {",
    ...entries,
    "} as const satisfies Record<FieldKey, string>;",
    "",
  ].join("\n");
}

/** The response codes after which a lead is in, as a value the quote flow reads: every code but the failures. */
async function responseCodesModule(schemasDir: string): Promise<string> {
  const lead = JSON.parse(await readFile(path.join(schemasDir, "lead.schema.json"), "utf8")) as {
    definitions: Record<"responseCode" | "failedResponseCode", { enum: string[] }>;
  };
  const failed = new Set(lead.definitions.failedResponseCode.enum);
  const accepted = lead.definitions.responseCode.enum.filter((code) => !failed.has(code));
  return [
    banner.replace("{file}", "lead.schema.json"),
    'import type { ResponseCode } from "./lead";',
    "",
    "/** The response codes after which the lead is in and the visitor goes on (every code but the failed ones). */",
    `export const acceptedResponseCodes: readonly ResponseCode[] = ${JSON.stringify(accepted).replaceAll(",", ", ")};`,
    "",
  ].join("\n");
}

/**
 * Property titles are labels (for visitors, and for analysts in the flow studio), not type names: drop them so
 * types keep their definitions' names. A definition's property may name its type with a title (`DealProvider`); a
 * title in words there ("Step id") is a label too.
 */
function withoutPropertyTitles(schema: TitledSchema & { title: string; definitions?: Record<string, TitledSchema> }) {
  for (const property of Object.values(schema.properties ?? {})) delete property.title;
  for (const definition of Object.values(schema.definitions ?? {})) {
    for (const property of Object.values(definition.properties ?? {})) if (property.title?.includes(" ")) delete property.title;
  }
  return schema;
}

interface TitledSchema {
  properties?: Record<string, { title?: string }>;
}

async function main() {
  const check = process.argv.includes("--check");
  const stale: string[] = [];
  for (const [file, source] of await generateTypes()) {
    const current = await readFile(file, "utf8").catch(() => "");
    if (current === source) continue;
    if (check) stale.push(path.relative(process.cwd(), file));
    else await writeFile(file, source);
  }
  if (stale.length) {
    console.error(`Stale generated types: ${stale.join(", ")}. Run \`npm run schemas:types\`.`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  stopQuietlyWhenOutputCloses();
  await main();
}

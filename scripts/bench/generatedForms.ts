/**
 * A forms folder for `npm run bench:publish -- --flows F --versions V`: the repository's forms/ as it is, beside F
 * flows made from its real ones (each a copy of one, in turn, under its own id and path) with V versions each.
 */
import { cp, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/** Writes the folder under `dir`; returns its path and how many flows and versions it holds. */
export async function generatedForms(root: string, dir: string, flows: number, versions: number): Promise<{ formsDir: string; flows: number; versions: number }> {
  const formsDir = path.join(dir, "forms");
  await cp(path.join(root, "forms"), formsDir, { recursive: true });
  const real: Array<{ id: string; doc: Record<string, unknown> }> = [];
  for (const id of (await readdir(formsDir)).sort()) {
    const file = path.join(formsDir, id, "v1.json");
    const text = await readFile(file, "utf8").catch(() => undefined);
    if (text !== undefined) real.push({ id, doc: JSON.parse(text) as Record<string, unknown> });
  }
  let total = 0;
  for (const { id } of real) total += (await readdir(path.join(formsDir, id))).filter((name) => /^v\d+\.json$/.test(name)).length;
  for (let i = 0; i < flows; i += 1) {
    const { id, doc } = real[i % real.length]!;
    const copy = `${id}-copy-${i + 1}`;
    await mkdir(path.join(formsDir, copy));
    for (let version = 1; version <= versions; version += 1) {
      const document = { ...doc, id: copy, path: `${String(doc.path)}-copy-${i + 1}`, version, title: `${String(doc.title)} (copy ${i + 1})` };
      await writeFile(path.join(formsDir, copy, `v${version}.json`), `${JSON.stringify(document, null, 2)}\n`);
    }
    total += versions;
  }
  return { formsDir, flows: real.length + flows, versions: total };
}

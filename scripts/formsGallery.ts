/**
 * The pictures of the analysts' page of every quote flow (/analysts/flows/, served by the server with what it read
 * from forms/, to signed-in analysts only): writes <out>/analysts/flows/<flow>-v<N>.svg (SITE_OUT_DIR, else dist)
 * for every version, drawn as `npm run forms:graph` draws it. The folder is beside the public site (<out>/client),
 * never in it. Run after the build.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FlowCorpus } from "../engine/core/flowCorpus";
import { formsDirFromEnv, loadFlowCorpus, repoRoot } from "../engine/node/formsFolder";
import { flowSvg } from "./formsGraph";
import { precompress } from "./precompress";
import { stopQuietlyWhenOutputCloses } from "../server/cli/closedOutput";
import { analystsPicturesDir } from "../server/analysts/flowsPage";

/** Every version's picture, by file name: `<flow>-v<N>.svg`. */
export function galleryPictures(corpus: FlowCorpus): Map<string, string> {
  const pictures = new Map<string, string>();
  for (const flow of corpus.flows) {
    for (const version of flow.versions) {
      const doc = version.current ?? version.flow;
      if (doc) pictures.set(`${flow.id}-v${version.version}.svg`, flowSvg(doc));
    }
  }
  return pictures;
}

/** Writes the pictures (and their compressed copies) under `siteOutDir`/analysts/flows, in place of any before; returns the folder. */
export async function writeGallery(siteOutDir: string, formsDir = formsDirFromEnv()): Promise<string> {
  const dir = analystsPicturesDir(path.join(siteOutDir, "client"));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [name, svg] of galleryPictures(loadFlowCorpus(formsDir))) writeFileSync(path.join(dir, name), svg);
  await precompress(dir);
  return dir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  stopQuietlyWhenOutputCloses();
  const dir = await writeGallery(path.resolve(repoRoot, process.env.SITE_OUT_DIR ?? "dist"));
  console.log(`Wrote the flow pictures into ${path.relative(repoRoot, dir)}`);
}

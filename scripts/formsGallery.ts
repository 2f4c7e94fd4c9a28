/**
 * The development page of every quote flow: writes <out>/client/dev/flows/index.html (SITE_OUT_DIR, else dist)
 * with each version's step graph, description, share of traffic and a link to try it. Run after the build;
 * not in the sitemap and marked noindex. Styles are attributes and there are no scripts, as the CSP requires.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FlowDocument } from "../engine/core/types";
import { readFlowSummaries } from "../site/build/flowManifestPlugin";
import { escapeMarkup } from "./escapeMarkup";
import { flowSvg, readFlow } from "./formsGraph";
import { precompress } from "./precompress";

const repoRoot = fileURLToPath(new URL("../", import.meta.url));

/** One version as the page shows it. */
export interface GalleryVersion {
  flow: FlowDocument;
  /** Its share of visitors without ?v=, in percent. */
  weight: number;
  isDefault: boolean;
}

/** Every version of every flow under `formsDir`, flows by id and versions by number. */
export function galleryVersions(formsDir = path.join(repoRoot, "forms")): GalleryVersion[] {
  return readFlowSummaries(formsDir)
    .sort((a, b) => a.id.localeCompare(b.id))
    .flatMap((summary) =>
      summary.versions.map((version) => ({
        flow: readFlow(summary.id, version, formsDir),
        weight: summary.weights[String(version)] ?? 0,
        isDefault: version === summary.defaultVersion,
      })),
    );
}

/** Where a version can be tried: its quote page with ?v=. */
export function tryUrl(flow: FlowDocument): string {
  return `/quote/${flow.path ? `${flow.path}/` : ""}?v=${flow.version}`;
}

const ink = "color:#1b1f23";
const muted = "color:#505a63";

/** The page's HTML. */
export function galleryHtml(versions: GalleryVersion[]): string {
  const flowIds = [...new Set(versions.map((v) => v.flow.id))];
  const sections = flowIds.map((id) => flowSection(versions.filter((v) => v.flow.id === id)));
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Quote flows and versions (development)</title>
</head>
<body style="font-family:system-ui,Arial,sans-serif;${ink};margin:0 auto;max-width:72rem;padding:1rem 1.5rem;line-height:1.45">
<h1>Quote flows and versions</h1>
<p style="${muted}">For analysts and developers; not linked from the site. ${flowIds.length} flows, ${versions.length} versions. Each picture is the step graph <code>npm run forms:graph</code> draws: the submit step has a thick red border, conditions are on the arrows. A version's share is what visitors without <code>?v=</code> draw (<code>split.json</code>); the link tries it with <code>?v=</code>.</p>
<nav aria-label="Flows"><ul style="columns:16rem;padding-left:1.2rem">
${flowIds.map((id) => `<li><a href="#${id}">${escapeMarkup(id)}</a></li>`).join("\n")}
</ul></nav>
${sections.join("\n")}
</body>
</html>
`;
}

function flowSection(versions: GalleryVersion[]): string {
  const first = versions[0]!.flow;
  return `<section aria-labelledby="${first.id}" style="border-top:1px solid #c9d1d9;margin-top:2rem">
<h2 id="${first.id}">${escapeMarkup(first.id)}: ${escapeMarkup(first.title)}</h2>
${versions.map(versionArticle).join("\n")}
</section>`;
}

function versionArticle({ flow, weight, isDefault }: GalleryVersion): string {
  const name = `${flow.id} v${flow.version}`;
  const share = `${weight}% of traffic${isDefault ? ", the default" : ""}`;
  const picture = `data:image/svg+xml;base64,${Buffer.from(flowSvg(flow)).toString("base64")}`;
  return `<article aria-labelledby="${flow.id}-v${flow.version}" style="margin:1.5rem 0">
<h3 id="${flow.id}-v${flow.version}" style="margin-bottom:.25rem">v${flow.version} <span style="font-weight:400;${muted}">· ${escapeMarkup(share)}</span></h3>
<p style="margin:.25rem 0">${flow.description ? escapeMarkup(flow.description) : `<span style="${muted}">No description.</span>`}</p>
<p style="margin:.25rem 0"><a href="${escapeMarkup(tryUrl(flow))}">Try ${escapeMarkup(name)}</a> <span style="${muted}">(${escapeMarkup(tryUrl(flow))})</span></p>
<figure style="margin:.75rem 0;overflow-x:auto">
<img src="${picture}" alt="${escapeMarkup(`Step graph of ${name}: ${flow.steps.length} steps starting at "${flow.start}"`)}" style="max-width:none;border:1px solid #e1e4e8;background:#fff">
</figure>
</article>`;
}

/** Writes the page (and its compressed copies) under `siteOutDir`/client/dev/flows; returns the file. */
export async function writeGallery(siteOutDir: string, formsDir?: string): Promise<string> {
  const devDir = path.join(siteOutDir, "client", "dev");
  const file = path.join(devDir, "flows", "index.html");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, galleryHtml(galleryVersions(formsDir)));
  await precompress(devDir);
  return file;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = await writeGallery(path.resolve(repoRoot, process.env.SITE_OUT_DIR ?? "dist"));
  console.log(`Wrote ${path.relative(repoRoot, file)}`);
}

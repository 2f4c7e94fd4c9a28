/**
 * The analysts' page of every quote flow, /analysts/flows/: each version's picture, description, share of traffic
 * and a link to try it, the forms folder's findings where they apply (weights that do not add up to 100, a version
 * not served), the `?v=` values visitors asked for that name no version, and the experiment report of the flow's
 * current period. Styles are attributes and there are
 * no scripts, as the Content Security Policy requires.
 */
import path from "node:path";
import { escapeMarkup, toolPageStart } from "../../engine/core/escapeMarkup";
import { formatFinding, type Finding } from "../../engine/core/findings";
import type { CorpusFlow, CorpusVersion, FlowCorpus } from "../../engine/core/flowCorpus";
import type { ExperimentReport } from "../experiments/experimentReport";
import { experimentReportFragment } from "../experiments/experimentReportHtml";
import { signOutForm } from "./signInPage";
import { MAX_RECORDED_VERSION, OTHER_VERSION, type UnknownVersionCount } from "../storage/unknownVersionsStore";

const ink = "color:#1b1f23";
const muted = "color:#505a63";
const warn = "background:#fff4d6;border-left:4px solid #b35900;padding:.5rem .75rem;margin:.5rem 0";
const error = "background:#fde8e7;border-left:4px solid #b3261e;padding:.5rem .75rem;margin:.5rem 0";

/** Where a version can be tried: its quote page with ?v=. */
export function tryUrl(flow: { path: string }, version: number): string {
  return `/quote/${flow.path ? `${flow.path}/` : ""}?v=${version}`;
}

/** Where a version's step graph is served (drawn by scripts/formsGallery.ts into the analysts' pictures folder). */
export function pictureUrl(flowId: string, version: number): string {
  return `/analysts/flows/${flowId}-v${version}.svg`;
}

/** Where the build draws the pictures for a site built into `siteDir` (SITE_DIR): beside the public site, never in it. */
export function analystsPicturesDir(siteDir: string): string {
  return path.join(path.dirname(siteDir), "analysts", "flows");
}

/** A version's share of visitors without ?v=, in percent of the weights that are served. */
export function trafficShare(flow: CorpusFlow, version: number): number {
  const total = Object.values(flow.weights).reduce((sum, w) => sum + w, 0);
  const weight = flow.weights[String(version)] ?? 0;
  return total > 0 ? (weight / total) * 100 : version === flow.defaultVersion ? 100 : 0;
}

/**
 * The page's HTML; `experiments` has each flow's current-period report, by flow id, for the flows that have one;
 * `signedIn` is the analyst's name, for the sign-out button (none in the live preview, which needs no sign-in).
 */
export function flowsPageHtml(corpus: FlowCorpus, unknown: UnknownVersionCount[], experiments: ReadonlyMap<string, ExperimentReport> = new Map(), signedIn?: string): string {
  const ids = corpus.flows.map((f) => f.id);
  const versions = corpus.flows.reduce((sum, f) => sum + f.versions.length, 0);
  const errors = corpus.findings.filter((f) => f.severity === "error").length;
  const summary =
    corpus.findings.length === 0
      ? ""
      : `<p style="${errors ? error : warn}"><strong>${errors} errors, ${corpus.findings.length - errors} warnings</strong> in ${escapeMarkup(corpus.root)}: each is shown with its flow below (run <code>npm run forms:check</code>).</p>`;
  return `${toolPageStart("Quote flows and versions (analysts)")}
</head>
<body style="font-family:system-ui,Arial,sans-serif;${ink};margin:0 auto;max-width:72rem;padding:1rem 1.5rem;line-height:1.45">
${signedIn === undefined ? "" : signOutForm(signedIn)}
<h1>Quote flows and versions</h1>
<p style="${muted}">For analysts; not linked from the site. ${ids.length} flows, ${versions} versions. Each picture is the step graph <code>npm run forms:graph</code> draws: the submit step has a thick red border, conditions are on the arrows. A version's share is what visitors without <code>?v=</code> draw (<code>split.json</code>); the link tries it with <code>?v=</code>.</p>
${summary}
<nav aria-label="Flows"><ul style="columns:16rem;padding-left:1.2rem">
${ids.map((id) => `<li><a href="#${id}">${escapeMarkup(id)}</a></li>`).join("\n")}
</ul></nav>
${corpus.flows
  .map((flow) =>
    flowSection(
      flow,
      corpus.findings.filter((f) => f.file.startsWith(`${corpus.root}/${flow.id}/`)),
      unknown.filter((u) => u.flowId === flow.id && !flow.versions.some((v) => v.flow && String(v.version) === u.requested)),
      experiments.get(flow.id),
    ),
  )
  .join("\n")}
</body>
</html>
`;
}

function flowSection(flow: CorpusFlow, findings: Finding[], unknown: UnknownVersionCount[], experiment: ExperimentReport | undefined): string {
  const notes = findings.map((f) => `<li style="${f.severity === "error" ? error : warn};list-style:none"><pre style="margin:0;white-space:pre-wrap">${escapeMarkup(formatFinding(f))}</pre></li>`);
  const asked = unknown.map((u) => `<li>${u.requested === OTHER_VERSION ? `any other <code>?v=</code> (not a version number up to ${MAX_RECORDED_VERSION})` : `<code>?v=${escapeMarkup(u.requested)}</code>`}: ${u.count} ${u.count === 1 ? "visit" : "visits"}, last on ${escapeMarkup(u.lastDay)}</li>`);
  return `<section aria-labelledby="${flow.id}" style="border-top:1px solid #c9d1d9;margin-top:2rem">
<h2 id="${flow.id}">${escapeMarkup(flow.id)}: ${escapeMarkup(flow.title)}</h2>
${notes.length ? `<ul aria-label="Findings for ${escapeMarkup(flow.id)}" style="padding:0">\n${notes.join("\n")}\n</ul>` : ""}
${asked.length ? `<div style="${warn}"><p style="margin:0">Asked for with <code>?v=</code> but no such version (those visitors got v${flow.defaultVersion ?? "–"}):</p><ul aria-label="Unknown versions asked for in ${escapeMarkup(flow.id)}">\n${asked.join("\n")}\n</ul></div>` : ""}
${experimentSection(flow, experiment)}
${flow.versions.map((v) => versionArticle(flow, v)).join("\n")}
</section>`;
}

function experimentSection(flow: CorpusFlow, report: ExperimentReport | undefined): string {
  const body = report ? experimentReportFragment(report, 4) : `<p style="${muted}">No experiment period yet: no visitor has been served this flow's current weights and versions.</p>`;
  return `<section aria-labelledby="${flow.id}-experiment" style="margin:1rem 0">
<h3 id="${flow.id}-experiment" style="margin-bottom:.25rem">Experiment, current period</h3>
${body}
</section>`;
}

function versionArticle(flow: CorpusFlow, v: CorpusVersion): string {
  const name = `${flow.id} v${v.version}`;
  const share = !v.flow
    ? "not served: the file has an error"
    : `${formatShare(trafficShare(flow, v.version))}% of traffic${v.version === flow.defaultVersion ? ", the default" : ""}${v.stale ? " (its last good copy; the file has an error)" : ""}`;
  const description = v.flow?.description;
  const steps = v.flow ? `: ${v.flow.steps.length} steps starting at "${v.flow.start}"` : "";
  return `<article aria-labelledby="${flow.id}-v${v.version}" style="margin:1.5rem 0">
<h3 id="${flow.id}-v${v.version}" style="margin-bottom:.25rem">v${v.version} <span style="font-weight:400;${muted}">· ${escapeMarkup(share)}</span></h3>
<p style="margin:.25rem 0">${description ? escapeMarkup(description) : `<span style="${muted}">No description.</span>`}</p>
<p style="margin:.25rem 0"><a href="${escapeMarkup(tryUrl(flow, v.version))}">Try ${escapeMarkup(name)}</a> <span style="${muted}">(${escapeMarkup(tryUrl(flow, v.version))})</span></p>
<figure style="margin:.75rem 0;overflow-x:auto">
<img src="${pictureUrl(flow.id, v.version)}" alt="${escapeMarkup(`Step graph of ${name}${steps}`)}" style="max-width:none;border:1px solid #e1e4e8;background:#fff">
</figure>
</article>`;
}

function formatShare(percent: number): string {
  return Number.isInteger(percent) ? String(percent) : percent.toFixed(1);
}

/**
 * `npm run forms:graph -- <flow> [--version N] [--out FILE]`: draws a flow's step graph as SVG — each step
 * with its kind, the conditions on its edges, the submit step marked — laid out by dagre. FORMS_DIR draws from
 * another folder; the first line names the folder read.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import dagre from "@dagrejs/dagre";
import { formatFindings, type Finding } from "../engine/core/findings";
import type { FlowCorpus } from "../engine/core/flowCorpus";
import { flowGraph, type GraphNode } from "../engine/core/flowGraph";
import { kindOf } from "../engine/core/kinds/registry";
import type { FlowDocument, Step } from "../engine/core/types";
import { defaultFormsDir, formsDirFromEnv, formsDirWords, loadFlowCorpus, repoRoot } from "../engine/node/formsFolder";
import { escapeMarkup } from "../engine/core/escapeMarkup";
import { stopQuietlyWhenOutputCloses } from "../server/cli/closedOutput";

const NODE_W = 220;
const NODE_H = 64;

/** What a box is filled with: by what the step does, not by its kind's name, so a new kind needs nothing here. */
const fill = {
  /** Asks something with a schema of its own (a form, an address). */
  asks: "#fff4d6",
  /** Asks a choice (checked by hand in the browser). */
  chooses: "#e7f3ee",
  /** Asks nothing: partner frames, deals, offers. */
  shows: "#f1e8fb",
  ends: "#d6f0df",
  flow: "#ffffff",
};

function fillOf(step: Step | undefined): string {
  if (!step) return fill.flow;
  const kind = kindOf(step);
  if (kind.ends) return fill.ends;
  if (kind.browserSchemas) return fill.asks;
  return kind.fields(step, {}).length > 0 && kind.answeredBy ? fill.chooses : kind.fields(step, {}).length > 0 ? fill.asks : fill.shows;
}

/** The SVG picture of a flow document. */
export function flowSvg(flow: FlowDocument): string {
  const { nodes, edges } = flowGraph(flow);
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: "TB", nodesep: 40, ranksep: 56, marginx: 20, marginy: 20 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes) g.setNode(node.id, { width: NODE_W, height: NODE_H });
  edges.forEach((edge, i) => g.setEdge(edge.from, edge.to, { label: edge.label, width: edge.label ? Math.min(8 + edge.label.length * 6.2, 240) : 0, height: edge.label ? 18 : 0 }, `e${i}`));
  dagre.layout(g);
  const size = g.graph();
  const footer = `${flow.id} v${flow.version} · ${flow.productType} · submit step marked with a thick border`;
  // The footer is one line of 11px text: wide enough for it however narrow the graph.
  const width = Math.max(480, Math.ceil(size.width ?? 400), Math.ceil(40 + footer.length * 6.2));
  const height = Math.ceil(size.height ?? 300) + 30;

  const parts: string[] = [];
  for (const e of g.edges()) {
    const edge = g.edge(e) as { points: Array<{ x: number; y: number }>; label?: string; x?: number; y?: number };
    const d = edge.points.map((p, i) => `${i === 0 ? "M" : "L"}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ");
    parts.push(`<path d="${d}" fill="none" stroke="#505a63" stroke-width="1.5" marker-end="url(#arrow)"/>`);
    if (edge.label && edge.x !== undefined && edge.y !== undefined) {
      parts.push(`<text x="${edge.x.toFixed(1)}" y="${(edge.y + 4).toFixed(1)}" class="edge">${escapeMarkup(edge.label)}</text>`);
    }
  }
  for (const node of nodes) {
    const step = node.external ? undefined : flow.steps.find((s) => s.id === node.id);
    parts.push(nodeSvg(node, g.node(node.id) as { x: number; y: number }, fillOf(step)));
  }

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="title">`,
    `<title id="title">${escapeMarkup(`${flow.id} v${flow.version}: ${flow.title}`)}</title>`,
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#505a63"/></marker>`,
    `<style>text{font-family:system-ui,Arial,sans-serif;fill:#1b1f23}.kind{font-size:11px;fill:#505a63}.id{font-size:13px;font-weight:700}.q{font-size:11px}.edge{font-size:11px;text-anchor:middle;fill:#084d38;paint-order:stroke;stroke:#fff;stroke-width:4px}</style></defs>`,
    `<text x="20" y="${height - 10}" class="kind">${escapeMarkup(footer)}</text>`,
    ...parts,
    `</svg>`,
  ].join("\n");
}

function nodeSvg(node: GraphNode, at: { x: number; y: number }, colour: string): string {
  const x = at.x - NODE_W / 2;
  const y = at.y - NODE_H / 2;
  const stroke = node.submit ? `stroke="#b3261e" stroke-width="4"` : node.external ? `stroke="#505a63" stroke-dasharray="5 4"` : `stroke="#505a63"`;
  const badge = [node.start ? "start" : "", node.submit ? "SUBMIT" : ""].filter(Boolean).join(" · ");
  return [
    `<g class="step" data-step="${escapeMarkup(node.id)}" data-kind="${node.kind}"${node.submit ? ' data-submit="true"' : ""}>`,
    `<rect x="${x}" y="${y}" width="${NODE_W}" height="${NODE_H}" rx="10" fill="${colour}" ${stroke}/>`,
    `<text x="${x + 10}" y="${y + 16}" class="kind">${escapeMarkup(node.kind)}${badge ? ` · ${badge}` : ""}</text>`,
    `<text x="${x + 10}" y="${y + 34}" class="id">${escapeMarkup(node.id)}</text>`,
    `<text x="${x + 10}" y="${y + 52}" class="q">${escapeMarkup(truncate(node.title, 33))}</text>`,
    `</g>`,
  ].join("");
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The document to draw: v<N>.json as it is now (the default version when N is not given), with that file's findings. */
export function flowToDraw(corpus: FlowCorpus, flowId: string, version?: number): { flow: FlowDocument; findings: Finding[] } {
  const flow = corpus.flows.find((f) => f.id === flowId);
  if (!flow) throw new Error(`No flow "${flowId}" in ${corpus.root}; the flows are ${corpus.flows.map((f) => f.id).join(", ")}`);
  const chosen = flow.versions.find((v) => v.version === (version ?? flow.defaultVersion ?? flow.versions[0]?.version));
  if (!chosen) throw new Error(`${flowId} has no version ${version}; its versions are ${flow.versions.map((v) => v.version).join(", ")}`);
  const findings = corpus.findings.filter((f) => f.file === chosen.file);
  const doc = chosen.current ?? chosen.flow;
  if (!doc) throw new Error(`${chosen.file} cannot be drawn:\n${formatFindings(findings)}`);
  return { flow: doc, findings };
}

/** Reads forms/<flow>/v<N>.json through the forms reader (the default version when N is not given). */
export function readFlow(flowId: string, version?: number, formsDir = defaultFormsDir): FlowDocument {
  return flowToDraw(loadFlowCorpus(formsDir), flowId, version).flow;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  stopQuietlyWhenOutputCloses();
  const args = process.argv.slice(2);
  const flowId = args.find((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--"));
  const option = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  if (!flowId) {
    console.error("Usage: npm run forms:graph -- <flow> [--version N] [--out FILE]");
    process.exit(2);
  }
  const versionArg = option("version");
  console.log(`Drawing ${flowId}${versionArg ? ` v${versionArg}` : ""} from ${formsDirWords()}`);
  let drawn;
  try {
    drawn = flowToDraw(loadFlowCorpus(formsDirFromEnv()), flowId, versionArg ? Number(versionArg) : undefined);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  // A flow with mistakes is still drawn (an unreachable step shows as an island), its findings printed first.
  if (drawn.findings.length > 0) console.error(formatFindings(drawn.findings));
  const { flow } = drawn;
  const out = path.resolve(option("out") ?? path.join(repoRoot, "dist/forms", `${flow.id}-v${flow.version}.svg`));
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, flowSvg(flow));
  console.log(`Wrote ${path.relative(process.cwd(), out)}`);
}

/**
 * `npm run forms:graph -- <flow> [--version N] [--out FILE]`: draws a flow's step graph as SVG — each step
 * with its kind, the conditions on its edges, the submit step marked — laid out by dagre.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import dagre from "@dagrejs/dagre";
import { flowGraph, type GraphNode } from "../engine/core/flowGraph";
import type { FlowDocument } from "../engine/core/types";
import type { TrafficSplit } from "../schemas/generated/split";
import { escapeMarkup } from "./escapeMarkup";

const repoRoot = fileURLToPath(new URL("../", import.meta.url));
const NODE_W = 220;
const NODE_H = 64;

const kindColour: Record<string, string> = {
  radio: "#e7f3ee", checkbox: "#e7f3ee", form: "#fff4d6", "full-business-address": "#e6eefb",
  upsell: "#f1e8fb", mmob: "#f1e8fb", stickee: "#f1e8fb", success: "#d6f0df", flow: "#ffffff",
};

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
  for (const node of nodes) parts.push(nodeSvg(node, g.node(node.id) as { x: number; y: number }));

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

function nodeSvg(node: GraphNode, at: { x: number; y: number }): string {
  const x = at.x - NODE_W / 2;
  const y = at.y - NODE_H / 2;
  const stroke = node.submit ? `stroke="#b3261e" stroke-width="4"` : node.external ? `stroke="#505a63" stroke-dasharray="5 4"` : `stroke="#505a63"`;
  const badge = [node.start ? "start" : "", node.submit ? "SUBMIT" : ""].filter(Boolean).join(" · ");
  return [
    `<g class="step" data-step="${escapeMarkup(node.id)}" data-kind="${node.kind}"${node.submit ? ' data-submit="true"' : ""}>`,
    `<rect x="${x}" y="${y}" width="${NODE_W}" height="${NODE_H}" rx="10" fill="${kindColour[node.kind] ?? "#fff"}" ${stroke}/>`,
    `<text x="${x + 10}" y="${y + 16}" class="kind">${escapeMarkup(node.kind)}${badge ? ` · ${badge}` : ""}</text>`,
    `<text x="${x + 10}" y="${y + 34}" class="id">${escapeMarkup(node.id)}</text>`,
    `<text x="${x + 10}" y="${y + 52}" class="q">${escapeMarkup(truncate(node.title, 33))}</text>`,
    `</g>`,
  ].join("");
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Reads forms/<flow>/v<N>.json (the split's default version when N is not given). */
export function readFlow(flowId: string, version?: number, formsDir = path.join(repoRoot, "forms")): FlowDocument {
  const dir = path.join(formsDir, flowId);
  const chosen = version ?? (JSON.parse(readFileSync(path.join(dir, "split.json"), "utf8")) as TrafficSplit).default;
  return JSON.parse(readFileSync(path.join(dir, `v${chosen}.json`), "utf8")) as FlowDocument;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
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
  const flow = readFlow(flowId, versionArg ? Number(versionArg) : undefined);
  const out = path.resolve(option("out") ?? path.join(repoRoot, "dist/forms", `${flow.id}-v${flow.version}.svg`));
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, flowSvg(flow));
  console.log(`Wrote ${path.relative(process.cwd(), out)}`);
}

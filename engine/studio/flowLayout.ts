/**
 * Where each step's box and each arrow of a flow's picture go, laid out by dagre top to bottom. Boxes are one line
 * high (the step's id in bold, its kind and marks after it) and as wide as their words, so that a 15-step flow with
 * branches fits the picture's column of a 1300×900 screen with its ids at 12 px or more. Other flows the flow goes
 * on to (a chooser's many) are listed in a column below, each under its condition, rather than side by side.
 */
import dagre from "@dagrejs/dagre";
import { flowGraph, type GraphEdge, type GraphNode } from "../core/flowGraph";
import type { FlowDocument } from "../core/types";

export const BOX_HEIGHT = 24;
/** The step id's font size in the picture's own units, and the caption's and the arrow labels' (see studio.css). */
export const ID_FONT = 13;
export const CAPTION_FONT = 10;
export const LABEL_FONT = 10;
/** Space inside a box before the id, between the id and the caption, and after the caption (room for the finding badge). */
export const BOX_PAD = 7;
export const CAPTION_GAP = 6;
const BOX_END = 20;
/** Generous widths of a character of the picture's font, as a share of its size: text never runs out of its box. */
const BOLD_CHAR = 0.64;
const PLAIN_CHAR = 0.56;
/** Longest edge label drawn in full; longer ones are cut with "…" (the whole label stays in the arrow's title). */
export const LABEL_CHARS = 28;

export interface PlacedNode extends GraphNode {
  /** Centre of the box. */
  x: number;
  y: number;
  width: number;
  /** The kind and marks written after the id: "radio · start". */
  caption: string;
}

export interface PlacedEdge extends GraphEdge {
  points: Array<{ x: number; y: number }>;
  /** Where the label goes, when there is a label: its centre, or its start when `labelStart`. */
  labelAt?: { x: number; y: number };
  labelStart?: boolean;
  /** The label as drawn: cut to LABEL_CHARS. */
  shortLabel: string;
}

export interface FlowLayout {
  width: number;
  height: number;
  nodes: PlacedNode[];
  edges: PlacedEdge[];
}

/** The label cut to fit beside an arrow. */
export function shortLabel(label: string): string {
  return label.length <= LABEL_CHARS ? label : `${label.slice(0, LABEL_CHARS - 1)}…`;
}

/** What a box says after the step's id: its kind, and whether it starts the flow, sends the lead or ends it. */
export function boxCaption(node: GraphNode, ends: boolean): string {
  const marks = [node.start ? "start" : "", node.submit ? "sends the lead" : "", ends ? "end" : ""].filter(Boolean);
  return [node.kind, ...marks].join(" · ");
}

/** A box wide enough for its id and caption on one line. */
export function boxWidth(id: string, caption: string): number {
  return Math.ceil(BOX_PAD + id.length * ID_FONT * BOLD_CHAR + CAPTION_GAP + caption.length * CAPTION_FONT * PLAIN_CHAR + BOX_END);
}

/** The flow's steps and transitions placed on a plane, with the plane's size; `ends` names the steps that end the flow. */
export function layoutFlow(flow: FlowDocument, ends: ReadonlySet<string> = new Set()): FlowLayout {
  const graph = flowGraph(flow);
  const inner = layoutSteps(graph.nodes.filter((node) => !node.external), graph.edges.filter((edge) => !edge.to.startsWith("flow:")), ends);
  const outer = graph.nodes.filter((node) => node.external);
  return outer.length === 0 ? inner : withOtherFlows(inner, outer, graph.edges.filter((edge) => edge.to.startsWith("flow:")));
}

/** Left of the steps, the line the arrows to other flows run down. */
const BUS = 12;
/** A row of the other flows' column: the condition's line, the box, a gap. */
const LABEL_LINE = LABEL_FONT + 3;
const ROW = LABEL_LINE + BOX_HEIGHT + 5;

/** The steps' layout with the other flows in a column below it, each arrow down the line at the left and across to its box. */
function withOtherFlows(inner: FlowLayout, outer: GraphNode[], edges: GraphEdge[]): FlowLayout {
  const top = inner.height + 8;
  const boxes = outer.map((node, i) => {
    const caption = "";
    const width = boxWidth(node.id.slice("flow:".length), caption) - CAPTION_GAP;
    return { ...node, caption, width, x: BUS + 8 + width / 2, y: top + i * ROW + LABEL_LINE + BOX_HEIGHT / 2 };
  });
  const shifted = inner.nodes.map((node) => ({ ...node, x: node.x + BUS }));
  const at = new Map([...shifted, ...boxes].map((node) => [node.id, node]));
  const placed = edges.map((edge): PlacedEdge => {
    const from = at.get(edge.from)!;
    const to = at.get(edge.to)!;
    const start = { x: from.x - from.width / 2, y: from.y };
    const points = [start, { x: BUS / 2, y: start.y }, { x: BUS / 2, y: to.y }, { x: to.x - to.width / 2, y: to.y }];
    const label = shortLabel(edge.label);
    return { ...edge, points, shortLabel: label, ...(label ? { labelAt: { x: to.x - to.width / 2 + 2, y: to.y - BOX_HEIGHT / 2 - LABEL_LINE / 2 }, labelStart: true } : {}) };
  });
  const widest = Math.max(...boxes.map((box) => box.width), ...edges.map((edge) => 6 + shortLabel(edge.label).length * LABEL_FONT * PLAIN_CHAR));
  return {
    width: Math.ceil(Math.max(inner.width + BUS, BUS + 8 + widest + 4)),
    height: Math.ceil(top + outer.length * ROW),
    nodes: [...shifted, ...boxes],
    edges: [...inner.edges.map((edge) => ({ ...edge, points: edge.points.map((p) => ({ ...p, x: p.x + BUS })), ...(edge.labelAt ? { labelAt: { ...edge.labelAt, x: edge.labelAt.x + BUS } } : {}) })), ...placed],
  };
}

/** The steps laid out by dagre. */
function layoutSteps(nodes: GraphNode[], edges: GraphEdge[], ends: ReadonlySet<string>): FlowLayout {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: "TB", nodesep: 14, edgesep: 8, ranksep: 18, marginx: 4, marginy: 4 });
  g.setDefaultEdgeLabel(() => ({}));
  const boxes = nodes.map((node) => {
    const caption = boxCaption(node, ends.has(node.id));
    return { ...node, caption, width: boxWidth(node.id, caption) };
  });
  for (const box of boxes) g.setNode(box.id, { width: box.width, height: BOX_HEIGHT });
  edges.forEach((edge, i) => {
    const text = shortLabel(edge.label);
    g.setEdge(edge.from, edge.to, { label: text, width: text ? 6 + text.length * LABEL_FONT * PLAIN_CHAR : 0, height: text ? LABEL_FONT + 2 : 0 }, `e${i}`);
  });
  dagre.layout(g);
  const placedNodes = boxes.map((box) => {
    const at = g.node(box.id) as { x: number; y: number };
    return { ...box, x: at.x, y: at.y };
  });
  const placedEdges = edges.map((edge, i) => {
    const at = g.edge({ v: edge.from, w: edge.to, name: `e${i}` }) as { points: Array<{ x: number; y: number }>; x?: number; y?: number };
    const labelAt = edge.label && at.x !== undefined && at.y !== undefined ? { x: at.x, y: at.y } : undefined;
    return { ...edge, points: at.points, shortLabel: shortLabel(edge.label), ...(labelAt ? { labelAt } : {}) };
  });
  const size = g.graph();
  return { width: Math.ceil(size.width ?? 0), height: Math.ceil(size.height ?? BOX_HEIGHT), nodes: placedNodes, edges: placedEdges };
}

/** Where each step's box and each arrow of a flow's picture go, laid out by dagre: top to bottom, compact enough that a 15-step flow fits one screen. */
import dagre from "@dagrejs/dagre";
import { flowGraph, type GraphEdge, type GraphNode } from "../core/flowGraph";
import type { FlowDocument } from "../core/types";

export const BOX_WIDTH = 168;
export const BOX_HEIGHT = 40;
/** Longest edge label drawn in full; longer ones are cut with "…" (the whole label stays in the arrow's title). */
export const LABEL_CHARS = 30;

export interface PlacedNode extends GraphNode {
  /** Centre of the box. */
  x: number;
  y: number;
}

export interface PlacedEdge extends GraphEdge {
  points: Array<{ x: number; y: number }>;
  /** Where the label's centre goes, when there is a label. */
  labelAt?: { x: number; y: number };
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

/** The flow's steps and transitions placed on a plane, with the plane's size. */
export function layoutFlow(flow: FlowDocument): FlowLayout {
  const { nodes, edges } = flowGraph(flow);
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: "TB", nodesep: 24, edgesep: 12, ranksep: 28, marginx: 8, marginy: 8 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes) g.setNode(node.id, { width: BOX_WIDTH, height: BOX_HEIGHT });
  edges.forEach((edge, i) => {
    const text = shortLabel(edge.label);
    g.setEdge(edge.from, edge.to, { label: text, width: text ? 8 + text.length * 5.6 : 0, height: text ? 14 : 0 }, `e${i}`);
  });
  dagre.layout(g);
  const placedNodes = nodes.map((node) => {
    const at = g.node(node.id) as { x: number; y: number };
    return { ...node, x: at.x, y: at.y };
  });
  const placedEdges = edges.map((edge, i) => {
    const at = g.edge({ v: edge.from, w: edge.to, name: `e${i}` }) as { points: Array<{ x: number; y: number }>; x?: number; y?: number };
    const labelAt = edge.label && at.x !== undefined && at.y !== undefined ? { x: at.x, y: at.y } : undefined;
    return { ...edge, points: at.points, shortLabel: shortLabel(edge.label), ...(labelAt ? { labelAt } : {}) };
  });
  const size = g.graph();
  return { width: Math.ceil(size.width ?? BOX_WIDTH), height: Math.ceil(size.height ?? BOX_HEIGHT), nodes: placedNodes, edges: placedEdges };
}

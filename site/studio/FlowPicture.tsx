/**
 * The flow as a picture: a box per step, an arrow per transition labelled by its condition; clicking a box chooses
 * the step. It is drawn to fit the space it is given, whole, so no step is ever out of sight; the list of steps is
 * the way to the same choices by keyboard and screen reader, so the picture is one image to them, described in words.
 */
import { useMemo } from "react";
import type { FlowDocument, Step } from "../../engine/core/types";
import { moduleOfKind } from "../../engine/core/kinds/registry";
import type { StepKindModule } from "../../engine/core/kinds/stepKind";
import { BOX_HEIGHT, BOX_PAD, CAPTION_GAP, ID_FONT, layoutFlow } from "../../engine/studio/flowLayout";

/** How much larger than its own units a small flow is drawn, at most. */
const MOST_ZOOM = 1.3;

export interface FlowPictureProps {
  flow: FlowDocument;
  chosen?: string;
  /** Ids of the steps that have a finding. */
  flagged: ReadonlySet<string>;
  onChoose: (stepId: string) => void;
}

/** Whether the step ends the flow; a kind the registry does not know (a draft's typo) ends nothing. */
function endsTheFlow(step: Step): boolean {
  return (moduleOfKind(step.kind) as StepKindModule<Step> | undefined)?.ends === true;
}

/** The picture in words, for those who cannot see it. */
function inWords(flow: FlowDocument, branching: number, flagged: number): string {
  const steps = flow.steps.length === 1 ? "1 step" : `${flow.steps.length} steps`;
  const branches = branching === 0 ? "none branching" : branching === 1 ? "1 branching by the answers" : `${branching} branching by the answers`;
  const findings = flagged === 0 ? "" : flagged === 1 ? "; 1 step has a finding" : `; ${flagged} steps have findings`;
  return `Picture of ${flow.id} v${flow.version}: ${steps} starting at ${flow.start}, ${branches}${findings}. The list of steps gives the same choices.`;
}

export function FlowPicture({ flow, chosen, flagged, onChoose }: FlowPictureProps) {
  const ends = useMemo(() => new Set(flow.steps.filter(endsTheFlow).map((step) => step.id)), [flow]);
  const layout = useMemo(() => layoutFlow(flow, ends), [flow, ends]);
  const branching = new Set(layout.edges.filter((edge) => edge.label).map((edge) => edge.from)).size;
  return (
    <svg
      className="studio-picture"
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      preserveAspectRatio="xMidYMin meet"
      style={{ maxWidth: `${layout.width * MOST_ZOOM}px`, maxHeight: `${layout.height * MOST_ZOOM}px` }}
      role="img"
      aria-label={inWords(flow, branching, flow.steps.filter((step) => flagged.has(step.id)).length)}
    >
      <defs>
        <marker id="studio-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" className="studio-arrow-head" />
        </marker>
      </defs>
      {layout.edges.map((edge, i) => (
        <g key={`${edge.from}-${edge.to}-${i}`} className="studio-edge">
          <title>{edge.label ? `${edge.from} → ${edge.to} when ${edge.label}` : `${edge.from} → ${edge.to}`}</title>
          <path d={edge.points.map((p, j) => `${j === 0 ? "M" : "L"}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ")} markerEnd="url(#studio-arrow)" />
          {edge.labelAt && (
            <text x={edge.labelAt.x} y={edge.labelAt.y + 3.5} className="studio-edge-label" textAnchor={edge.labelStart ? "start" : "middle"}>
              {edge.shortLabel}
            </text>
          )}
        </g>
      ))}
      {layout.nodes.map((node) => {
        const x = node.x - node.width / 2;
        const y = node.y - BOX_HEIGHT / 2;
        const baseline = node.y + ID_FONT * 0.36;
        const classes = ["studio-box", node.start && "start", node.submit && "submit", ends.has(node.id) && "success", node.external && "external", flagged.has(node.id) && "flagged", chosen === node.id && "chosen"];
        return (
          <g key={node.id} className={classes.filter(Boolean).join(" ")} data-step={node.id} onClick={node.external ? undefined : () => onChoose(node.id)}>
            <title>{node.external ? `Goes on to the ${node.id.slice("flow:".length)} flow` : `${node.id}: ${node.title}`}</title>
            <rect x={x} y={y} width={node.width} height={BOX_HEIGHT} rx={5} />
            <text x={x + BOX_PAD} y={baseline}>
              <tspan className="studio-box-id">{node.external ? node.id.slice("flow:".length) : node.id}</tspan>
              <tspan className="studio-box-kind" dx={CAPTION_GAP}>
                {node.caption}
              </tspan>
            </text>
            {flagged.has(node.id) && (
              <g className="studio-badge">
                <circle cx={x + node.width - 10} cy={node.y} r={7} />
                <text x={x + node.width - 10} y={node.y + 4}>!</text>
              </g>
            )}
          </g>
        );
      })}
    </svg>
  );
}

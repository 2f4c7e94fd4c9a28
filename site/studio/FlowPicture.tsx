/** The flow as a picture: a box per step, an arrow per transition labelled by its condition; clicking a box chooses the step. */
import { useMemo } from "react";
import type { FlowDocument, Step } from "../../engine/core/types";
import { moduleOfKind } from "../../engine/core/kinds/registry";
import type { StepKindModule } from "../../engine/core/kinds/stepKind";
import { BOX_HEIGHT, BOX_WIDTH, layoutFlow } from "../../engine/studio/flowLayout";

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

export function FlowPicture({ flow, chosen, flagged, onChoose }: FlowPictureProps) {
  const layout = useMemo(() => layoutFlow(flow), [flow]);
  const ends = useMemo(() => new Set(flow.steps.filter(endsTheFlow).map((step) => step.id)), [flow]);
  const description = `${flow.steps.length} steps starting at ${flow.start}; choose a step from the list of steps to edit it.`;
  return (
    <svg
      className="studio-picture"
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width="100%"
      preserveAspectRatio="xMidYMin meet"
      role="img"
      aria-label={`Picture of ${flow.id} v${flow.version}: ${description}`}
    >
      <defs>
        <marker id="studio-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" className="studio-arrow-head" />
        </marker>
      </defs>
      {layout.edges.map((edge, i) => (
        <g key={`${edge.from}-${edge.to}-${i}`} className="studio-edge">
          <title>{edge.label ? `${edge.from} → ${edge.to} when ${edge.label}` : `${edge.from} → ${edge.to}`}</title>
          <path d={edge.points.map((p, j) => `${j === 0 ? "M" : "L"}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ")} markerEnd="url(#studio-arrow)" />
          {edge.labelAt && (
            <text x={edge.labelAt.x} y={edge.labelAt.y + 4} className="studio-edge-label">
              {edge.shortLabel}
            </text>
          )}
        </g>
      ))}
      {layout.nodes.map((node) => {
        const x = node.x - BOX_WIDTH / 2;
        const y = node.y - BOX_HEIGHT / 2;
        const classes = ["studio-box", node.start && "start", node.submit && "submit", ends.has(node.id) && "success", node.external && "external", flagged.has(node.id) && "flagged", chosen === node.id && "chosen"];
        const marks = [node.start ? "start" : "", node.submit ? "sends the lead" : "", ends.has(node.id) ? "end" : ""].filter(Boolean).join(" · ");
        return (
          <g key={node.id} className={classes.filter(Boolean).join(" ")} data-step={node.id} onClick={node.external ? undefined : () => onChoose(node.id)}>
            <rect x={x} y={y} width={BOX_WIDTH} height={BOX_HEIGHT} rx={6} />
            <text x={x + 8} y={y + 16} className="studio-box-id">{node.id}</text>
            <text x={x + 8} y={y + 31} className="studio-box-kind">{marks ? `${node.kind} · ${marks}` : node.kind}</text>
            {flagged.has(node.id) && (
              <g className="studio-badge">
                <circle cx={x + BOX_WIDTH - 10} cy={y + 10} r={8} />
                <text x={x + BOX_WIDTH - 10} y={y + 14}>!</text>
              </g>
            )}
          </g>
        );
      })}
    </svg>
  );
}

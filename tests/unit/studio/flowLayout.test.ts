import { describe, expect, it } from "vitest";
import { BOX_HEIGHT, BOX_WIDTH, layoutFlow, shortLabel } from "../../../engine/studio/flowLayout";
import type { FlowDocument } from "../../../engine/core/types";
import businessEnergyV2 from "../../../forms/business-energy/v2.json";

const flow = businessEnergyV2 as unknown as FlowDocument;

describe("the studio's flow picture layout", () => {
  it("places every step and every transition, with the condition on each conditional arrow", () => {
    const layout = layoutFlow(flow);
    expect(layout.nodes.map((n) => n.id)).toEqual(expect.arrayContaining(flow.steps.map((s) => s.id)));
    for (const node of layout.nodes) {
      expect(node.x - BOX_WIDTH / 2).toBeGreaterThanOrEqual(0);
      expect(node.y + BOX_HEIGHT / 2).toBeLessThanOrEqual(layout.height);
    }
    expect(layout.edges.length).toBeGreaterThanOrEqual(flow.steps.length - 1);
    for (const edge of layout.edges) {
      expect(edge.points.length).toBeGreaterThan(1);
      if (edge.label) expect(edge.labelAt).toBeDefined();
    }
  });

  it("cuts a long condition to fit beside its arrow", () => {
    expect(shortLabel("short")).toBe("short");
    const long = shortLabel("coverTypes has buildings and coverTypes has contents");
    expect(long.endsWith("…")).toBe(true);
    expect(long.length).toBe(30);
  });
});

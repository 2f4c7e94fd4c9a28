import { describe, expect, it } from "vitest";
import { BOX_HEIGHT, boxCaption, layoutFlow, shortLabel } from "../../../engine/studio/flowLayout";
import type { FlowDocument } from "../../../engine/core/types";
import businessEnergyV2 from "../../../forms/business-energy/v2.json";
import quoteV1 from "../../../forms/quote/v1.json";

const flow = businessEnergyV2 as unknown as FlowDocument;

describe("the studio's flow picture layout", () => {
  it("places every step and every transition, with the condition on each conditional arrow", () => {
    const layout = layoutFlow(flow, new Set(["done"]));
    expect(layout.nodes.map((n) => n.id)).toEqual(expect.arrayContaining(flow.steps.map((s) => s.id)));
    for (const node of layout.nodes) {
      expect(node.x - node.width / 2).toBeGreaterThanOrEqual(0);
      expect(node.x + node.width / 2).toBeLessThanOrEqual(layout.width);
      expect(node.y + BOX_HEIGHT / 2).toBeLessThanOrEqual(layout.height);
    }
    expect(layout.nodes.find((n) => n.id === "done")?.caption).toBe("success · end");
    expect(layout.nodes.find((n) => n.id === "address")?.caption).toBe("full-business-address · start");
    expect(layout.edges.length).toBeGreaterThanOrEqual(flow.steps.length - 1);
    for (const edge of layout.edges) {
      expect(edge.points.length).toBeGreaterThan(1);
      if (edge.label) expect(edge.labelAt).toBeDefined();
    }
  });

  it("lists the other flows a chooser goes on to in a column, each under its condition, so the picture stays narrow", () => {
    const quote = quoteV1 as unknown as FlowDocument;
    const layout = layoutFlow(quote);
    const others = layout.nodes.filter((n) => n.external);
    expect(others.length).toBeGreaterThan(10);
    expect(layout.width).toBeLessThan(400);
    const ys = others.map((n) => n.y);
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
    for (const edge of layout.edges) expect(edge.labelAt).toBeDefined();
  });

  it("writes a step's kind and marks after its id", () => {
    expect(boxCaption({ id: "contact", kind: "form", title: "", submit: true, start: false, external: false }, false)).toBe("form · sends the lead");
  });

  it("cuts a long condition to fit beside its arrow", () => {
    expect(shortLabel("short")).toBe("short");
    const long = shortLabel("coverTypes has buildings and coverTypes has contents");
    expect(long.endsWith("…")).toBe(true);
    expect(long.length).toBe(28);
  });
});

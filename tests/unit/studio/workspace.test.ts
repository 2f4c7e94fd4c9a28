import { describe, expect, it } from "vitest";
import type { FlowDocument } from "../../../engine/core/types";
import { formatJson } from "../../../engine/studio/jsonStyle";
import { changedFiles, draftFromText, draftText, newVersionFrom, readSplit, versionsOf, weightTotal, type Workspace } from "../../../engine/studio/workspace";
import v1 from "../../../forms/business-water/v1.json";

const text = formatJson(v1);
const opened: Workspace = { name: "v1.json", version: 1, draft: draftFromText(text), created: false };
const splitText = formatJson({ $schema: "../../schemas/split.schema.json", default: 1, weights: { 1: 100 } });

describe("the studio's workspace", () => {
  it("reads a flow file as a flow, and anything else as its text", () => {
    expect("flow" in draftFromText(text)).toBe(true);
    expect(draftFromText('{ "id": ')).toEqual({ text: '{ "id": ' });
    expect(draftFromText('{ "id": "x", "steps": "none" }')).toEqual({ text: '{ "id": "x", "steps": "none" }' });
  });

  it("writes an unedited flow back byte for byte, so it has nothing to save", () => {
    expect(draftText(opened.draft)).toBe(text);
    expect(changedFiles(opened, { "v1.json": { text } })).toEqual({});
  });

  it("makes the next free version with its description, keeping the keys' order, and adds it to the split at 0%", () => {
    const made = newVersionFrom(opened, [1, 3], "Asks the spend first", readSplit(splitText))!;
    expect(made).toMatchObject({ name: "v4.json", version: 4, created: true, split: { default: 1, weights: { 1: 100, 4: 0 } } });
    const flow = (made.draft as { flow: FlowDocument }).flow;
    expect(Object.keys(flow)).toEqual(Object.keys(v1));
    expect([flow.version, flow.description]).toEqual([4, "Asks the spend first"]);
    expect(Object.keys(changedFiles(made, { "v1.json": { text }, "split.json": { text: splitText } }))).toEqual(["v4.json", "split.json"]);
  });

  it("makes a split for a flow that has none", () => {
    expect(newVersionFrom(opened, [1], "B", undefined)!.split).toEqual({ $schema: "../../schemas/split.schema.json", default: 1, weights: { 1: 100, 2: 0 } });
  });

  it("adds up weights and lists the versions that have files", () => {
    expect(weightTotal({ default: 1, weights: { 1: 55, 2: 35 } })).toBe(90);
    expect(versionsOf(["split.json", "v10.json", "v2.json", "v1.json"])).toEqual([1, 2, 10]);
  });
});

describe("a file with a step of a kind there is no module for", () => {
  it("opens as its text, to fix by hand", () => {
    const typo = formatJson({ ...v1, steps: [{ ...v1.steps[0], kind: "radoi" }] });
    expect(draftFromText(typo)).toEqual({ text: typo });
  });
});

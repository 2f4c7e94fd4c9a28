/**
 * Two edits to one draft joined three ways from the revision both began at: different properties join, lists of
 * steps and options are matched by id and value (added, removed, reordered, edited inside), and the same property
 * changed by both is left out and reported, never joined nor dropped.
 */
import { describe, expect, it } from "vitest";
import { applyChange, changeInWords, changesBetween, mergeDrafts, pathInWords, type Json } from "../../engine/studio/draftMerge";

const option = (value: string, label: string) => ({ value, label });
const base = {
  title: "Home insurance",
  steps: [
    { id: "cover", question: "What cover?", next: "property" },
    { id: "property", question: "What kind of home?", options: [option("detached", "Detached house"), option("flat", "Flat")], next: "contact" },
    { id: "contact", question: "Your details" },
  ],
};
type Doc = typeof base;
const edit = (change: (doc: Doc) => void): Doc => {
  const copy = structuredClone(base);
  change(copy);
  return copy;
};
const step = (doc: Doc, id: string) => doc.steps.find((s) => s.id === id)! as Doc["steps"][number] & Record<string, unknown>;

describe("three-way merge of a draft", () => {
  it("joins two edits to different properties of the same step", () => {
    const theirs = edit((d) => (step(d, "cover").question = "Which cover do you need?"));
    const mine = edit((d) => (step(d, "cover").next = "contact"));

    const { merged, overlaps, joined } = mergeDrafts(base, mine, theirs);

    expect(overlaps).toEqual([]);
    expect(joined.map((c) => pathInWords(c.path))).toEqual(['step "cover" › next']);
    expect(step(merged as Doc, "cover")).toEqual({ id: "cover", question: "Which cover do you need?", next: "contact" });
  });

  it("keeps a step they added and one I added, each after the step it followed", () => {
    const theirs = edit((d) => d.steps.splice(1, 0, { id: "listed", question: "Is it listed?" }));
    const mine = edit((d) => d.steps.push({ id: "done", question: "Thank you" }));

    const { merged, overlaps } = mergeDrafts(base, mine, theirs);

    expect(overlaps).toEqual([]);
    expect((merged as Doc).steps.map((s) => s.id)).toEqual(["cover", "listed", "property", "contact", "done"]);
  });

  it("matches options by value: a label changed on one side and an option added on the other both stay", () => {
    const theirs = edit((d) => (step(d, "property").options![0]!.label = "Detached home"));
    const mine = edit((d) => step(d, "property").options!.push(option("terraced", "Terraced house")));

    const { merged, overlaps } = mergeDrafts(base, mine, theirs);

    expect(overlaps).toEqual([]);
    expect(step(merged as Doc, "property").options).toEqual([option("detached", "Detached home"), option("flat", "Flat"), option("terraced", "Terraced house")]);
  });

  it("joins a reordering of the steps with an edit inside a step", () => {
    const theirs = edit((d) => (step(d, "contact").question = "How can buyers reach you?"));
    const mine = edit((d) => d.steps.reverse());

    const { merged, overlaps } = mergeDrafts(base, mine, theirs);

    expect(overlaps).toEqual([]);
    expect((merged as Doc).steps.map((s) => s.id)).toEqual(["contact", "property", "cover"]);
    expect(step(merged as Doc, "contact").question).toBe("How can buyers reach you?");
  });

  it("reports the same property changed both ways, keeps theirs there, and joins the rest", () => {
    const theirs = edit((d) => (d.title = "Home cover"));
    const mine = edit((d) => {
      d.title = "Insure your home";
      step(d, "contact").question = "Where can we reach you?";
    });

    const { merged, overlaps, joined } = mergeDrafts(base, mine, theirs);

    expect(overlaps).toEqual([{ mine: expect.objectContaining({ path: ["title"], after: "Insure your home" }), theirs: [expect.objectContaining({ path: ["title"], after: "Home cover" })] }]);
    expect(joined).toHaveLength(1);
    expect((merged as Doc).title).toBe("Home cover");
    expect(step(merged as Doc, "contact").question).toBe("Where can we reach you?");
  });

  it("reports an edit inside a step the other removed, and two reorderings of one list", () => {
    const theirs = edit((d) => {
      d.steps = d.steps.filter((s) => s.id !== "contact");
      step(d, "property").options!.reverse();
    });
    const mine = edit((d) => {
      step(d, "contact").question = "Your phone";
      step(d, "property").options = [option("flat", "Flat"), option("detached", "Detached house")];
    });

    const { overlaps } = mergeDrafts(base, mine, theirs);

    // Their option order is the same as mine: that is one change made twice, not an overlap.
    expect(overlaps.map((o) => pathInWords(o.mine.path))).toEqual(['step "contact" › question']);
    expect(overlaps[0]!.theirs.map((c) => c.kind)).toEqual(["remove"]);
  });

  it("treats a list without ids (a rule's values) as one property", () => {
    const withValues = { steps: [{ id: "a", values: ["x", "y"] }] } as Json;
    const theirs = { steps: [{ id: "a", values: ["x", "y", "z"] }] } as Json;
    const mine = { steps: [{ id: "a", values: ["y"] }] } as Json;

    const { overlaps } = mergeDrafts(withValues, mine, theirs);

    expect(overlaps.map((o) => changeInWords(o.mine))).toEqual(['step "a" › values: ["x","y"] → ["y"]']);
  });

  it("applies each change of mine alone on their draft, and says when what it changes is gone", () => {
    const theirs = edit((d) => (d.steps = d.steps.filter((s) => s.id !== "contact")));
    const mine = edit((d) => {
      step(d, "contact").question = "Your phone";
      d.title = "Insure your home";
    });
    const [title, question] = changesBetween(base, mine);

    expect(applyChange(theirs, question!)).toBeUndefined();
    expect((applyChange(theirs, title!) as Doc).title).toBe("Insure your home");
    expect(theirs.title).toBe("Home insurance");
  });

  it("says each change in the studio's words", () => {
    const mine = edit((d) => {
      step(d, "property").options![0]!.label = "Detached home";
      delete (step(d, "cover") as Record<string, unknown>).next;
      d.steps.push({ id: "done", question: "Thanks" });
    });

    expect(changesBetween(base, mine).map(changeInWords)).toEqual([
      'step "cover" › next removed (was "property")',
      'step "property" › option "detached" › label: "Detached house" → "Detached home"',
      'step "done" added: {"id":"done","question":"Thanks"}',
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { canRedo, canUndo, current, push, redo, redoLabel, startHistory, undo, undoLabel } from "../../../engine/studio/history";

describe("the studio's undo history", () => {
  it("has nothing to undo or redo as opened", () => {
    const history = startHistory("a");
    expect(current(history)).toBe("a");
    expect([canUndo(history), canRedo(history)]).toEqual([false, false]);
    expect([undoLabel(history), redoLabel(history)]).toEqual([undefined, undefined]);
  });

  it("undoes edits in reverse order, each named by what it did", () => {
    let history = push(push(startHistory("a"), "b", "Change question of sites"), "c", "Add step after sites");
    expect(undoLabel(history)).toBe("Add step after sites");
    history = undo(history);
    expect(current(history)).toBe("b");
    expect(undoLabel(history)).toBe("Change question of sites");
    expect(redoLabel(history)).toBe("Add step after sites");
    history = undo(history);
    expect(current(history)).toBe("a");
    expect(canUndo(history)).toBe(false);
  });

  it("redoes what was undone", () => {
    const history = undo(undo(push(push(startHistory(1), 2, "two"), 3, "three")));
    expect(current(redo(history))).toBe(2);
    expect(current(redo(redo(history)))).toBe(3);
    expect(canRedo(redo(redo(history)))).toBe(false);
  });

  it("drops what could have been redone when a new edit is made after an undo", () => {
    const history = push(undo(push(push(startHistory("a"), "b", "B"), "c", "C")), "d", "D");
    expect(history.entries.map((e) => e.draft)).toEqual(["a", "b", "d"]);
    expect(canRedo(history)).toBe(false);
    expect(current(undo(history))).toBe("b");
  });

  it("leaves the history as it is when there is nothing to undo or redo", () => {
    const history = startHistory("a");
    expect(undo(history)).toBe(history);
    expect(redo(history)).toBe(history);
  });
});

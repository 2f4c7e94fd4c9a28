import { describe, expect, it } from "vitest";
import type { FlowDocument } from "../../../engine/core/types";
import { changeInWords, shownValue, versionChanges } from "../../../engine/studio/versionDiff";
import { loadFlow } from "../../fixtures/forms";

describe("the publish dialog's changes in words", () => {
  const home = loadFlow("home-insurance", 1);
  const withProperty = (edit: (options: Array<Record<string, unknown>>) => Array<Record<string, unknown>>): FlowDocument =>
    ({ ...home, version: 2, steps: home.steps.map((s) => (s.id === "property" ? { ...s, options: edit((s as unknown as { options: Array<Record<string, unknown>> }).options) } : s)) }) as FlowDocument;

  it("shows each changed option's label old → new, and options added, removed or moved, never JSON cut mid-word", () => {
    const changed = withProperty((options) => [
      ...options.map((o) => (o.value === "detached" ? { ...o, label: "Detached home" } : o)).filter((o) => o.value !== "flat"),
      { value: "houseboat", label: "Houseboat" },
    ]);

    const words = versionChanges(home, changed).map(changeInWords);

    expect(words).toEqual([
      'step "property": option "detached": label "Detached house" → "Detached home"',
      'step "property": option "houseboat" added ("Houseboat")',
      'step "property": option "flat" removed (it was "Flat or maisonette")',
    ]);
    expect(words.join(" ")).not.toContain('[{"value"');
  });

  it("says when the options only moved", () => {
    const moved = withProperty((options) => [...options].reverse());
    const words = versionChanges(home, moved).map(changeInWords);
    expect(words).toHaveLength(1);
    expect(words[0]).toMatch(/^step "property": options order changed from "?detached, /);
  });

  it("shortens a long value after a whole item or word, saying how many more", () => {
    const list = Array.from({ length: 30 }, (_, i) => `item-${i}`);
    const shown = shownValue(list);
    expect(shown.length).toBeLessThanOrEqual(120);
    expect(shown).toMatch(/^\["item-0","item-1",.*"item-\d+",… \d+ more\]$/);
    const text = shownValue("word ".repeat(40).trim());
    expect(text).toMatch(/^"(word )*word"…$/);
  });
});

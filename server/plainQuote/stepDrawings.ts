/**
 * The last step pages drawn, by everything that goes into the drawing (the flow's version and the served state): a step
 * asked for again as it stands (a reload, the browser's Back, one cookie asking over and over) is drawn once, and
 * the same step asked for several times at once waits on one drawing. Kept in memory only, for a bounded number of
 * states, least recently used out first; a state that moves on (any post changes its revision) is a new key.
 */
import type { ServedStep } from "../../engine/core/servedStep";
import type { FlowDocument } from "../../engine/core/types";

/** How many drawings are kept: a few hundred visitors' current steps, each page with its compressed copy, about 10 MB at most. */
export const KEPT_DRAWINGS = 256;

/** Draws a step's page once per state. */
export class StepDrawings<Drawing> {
  private readonly kept = new Map<string, Promise<Drawing>>();

  constructor(
    private readonly drawPage: (flow: FlowDocument, served: ServedStep) => Promise<Drawing>,
    private readonly size = KEPT_DRAWINGS,
  ) {}

  /** The step's page for this state, drawn now or earlier. */
  draw(flow: FlowDocument, served: ServedStep): Promise<Drawing> {
    const key = `${flow.id}@${flow.version} ${JSON.stringify(served)}`;
    const known = this.kept.get(key);
    if (known) {
      // Most recently used last, so the first key is the one to drop.
      this.kept.delete(key);
      this.kept.set(key, known);
      return known;
    }
    const drawing = this.drawPage(flow, served);
    // A failed drawing is not kept: the next request tries again.
    drawing.catch(() => this.kept.delete(key));
    this.kept.set(key, drawing);
    if (this.kept.size > this.size) this.kept.delete(this.kept.keys().next().value!);
    return drawing;
  }
}

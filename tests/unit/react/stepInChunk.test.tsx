// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { stepInChunk } from "../../../engine/react/registry";
import type { StepProps } from "../../../engine/react/types";

afterEach(cleanup);

type Props = StepProps<"full-business-address">;

/** A step with an input of its own, to see whether what was typed survives the step being drawn again. */
function TypingStep({ headingId }: Props) {
  const [typed, setTyped] = useState("");
  return (
    <label>
      Postcode {headingId}
      <input value={typed} onChange={(event) => setTyped(event.target.value)} />
    </label>
  );
}

/** A chunk that arrives when the test says so. */
function slowChunk() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { load: () => arrived.then(() => TypingStep), arrive };
}

const props = (headingId: string) => ({ headingId }) as Props;

describe("a step in a chunk of its own", () => {
  it("is drawn once its chunk arrives, and keeps what was typed when drawn again after the chunk is in", async () => {
    const chunk = slowChunk();
    const { Step } = stepInChunk<"full-business-address">(chunk.load);
    const { rerender } = render(
      <Suspense fallback={<p>Loading…</p>}>
        <Step {...props("first")} />
      </Suspense>,
    );
    expect(screen.getByText("Loading…")).toBeTruthy();
    await act(async () => chunk.arrive());
    const input = await screen.findByLabelText(/Postcode first/);
    await userEvent.type(input, "LS1 4DY");
    rerender(
      <Suspense fallback={<p>Loading…</p>}>
        <Step {...props("again")} />
      </Suspense>,
    );
    const after = screen.getByLabelText<HTMLInputElement>(/Postcode again/);
    expect(after).toBe(input);
    expect(after.value).toBe("LS1 4DY");
  });

  it("is drawn at once, with no loading line, once preloaded", async () => {
    const chunk = slowChunk();
    const { Step, preload } = stepInChunk<"full-business-address">(chunk.load);
    chunk.arrive();
    await preload();
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Step {...props("now")} />
      </Suspense>,
    );
    expect(screen.queryByText("Loading…")).toBeNull();
    expect(screen.getByLabelText(/Postcode now/)).toBeTruthy();
  });
});

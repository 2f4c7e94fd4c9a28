/** Group commit: calls gathered into batches while others are being made, each caller answered on its own. */
import { describe, expect, it } from "vitest";
import { CallBatches } from "../../server/storage/callBatches";

/** A batch call that records each batch and waits to be let go; an item "bad" fails alone. */
function heldCalls() {
  const batches: string[][] = [];
  const release: Array<() => void> = [];
  const call = (items: string[]) => {
    batches.push(items);
    return new Promise<Array<string | Error>>((resolve) => {
      release.push(() => resolve(items.map((item) => (item === "bad" ? new Error(`refused ${item}`) : item.toUpperCase()))));
    });
  };
  /** Lets every batch go, as they are made, until `answers` have all settled. */
  const drain = async (answers: Array<Promise<unknown>>) => {
    let pending = true;
    void Promise.allSettled(answers).then(() => (pending = false));
    while (pending) {
      release.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { batches, call, drain };
}

describe("batches of calls", () => {
  it("makes a call that arrives with nothing in flight at once, alone", async () => {
    const held = heldCalls();
    const calls = new CallBatches(held.call, { callsInFlight: 1, maxBatch: 10 });

    const answer = calls.add("a");
    await held.drain([answer]);

    expect(await answer).toBe("A");
    expect(held.batches).toEqual([["a"]]);
  });

  it("gathers the calls that arrive while a batch is being made into the next, up to the most a batch takes", async () => {
    const held = heldCalls();
    const calls = new CallBatches(held.call, { callsInFlight: 1, maxBatch: 3 });

    const answers = ["a", "b", "c", "d", "e"].map((item) => calls.add(item));
    await held.drain(answers);

    expect(await Promise.all(answers)).toEqual(["A", "B", "C", "D", "E"]);
    expect(held.batches).toEqual([["a"], ["b", "c", "d"], ["e"]]);
  });

  it("fails only the caller whose item failed", async () => {
    const held = heldCalls();
    const calls = new CallBatches(held.call, { callsInFlight: 1, maxBatch: 10 });

    const answers = ["a", "b", "bad"].map((item) => calls.add(item));
    await held.drain(answers);
    const [, good, bad] = answers;

    expect(await good).toBe("B");
    await expect(bad!).rejects.toThrow("refused bad");
    expect(held.batches).toEqual([["a"], ["b", "bad"]]);
  });

  it("fails every caller of a batch whose call failed, and makes the next batch", async () => {
    let made = 0;
    const calls = new CallBatches(async (items: string[]) => {
      if (made++ === 0) throw new Error("connection lost");
      return items;
    }, { callsInFlight: 1, maxBatch: 10 });

    const lost = calls.add("a");
    const next = calls.add("b");

    await expect(lost).rejects.toThrow("connection lost");
    expect(await next).toBe("b");
  });
});

/** Password checks take their turn: at most so many run at once, so many more wait, and the rest are not made. */
import { describe, expect, it } from "vitest";
import { checkSlots } from "../../server/analysts/passwordCheckSlots";

/** A check the test finishes by hand, and whether it has started. */
function heldCheck() {
  let finish: (right: boolean) => void = () => undefined;
  const held = { started: false, check: () => ((held.started = true), new Promise<boolean>((resolve) => (finish = resolve))), finish: (right: boolean) => finish(right) };
  return held;
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("password check slots", () => {
  it("run one check at a time, queue the next two in order, and refuse a fourth without running it", async () => {
    const slots = checkSlots({ running: 1, waiting: 2 });
    const checks = [heldCheck(), heldCheck(), heldCheck(), heldCheck()];

    const answers = checks.map((c) => slots.run(c.check));
    await settled();
    const startedAtFirst = checks.map((c) => c.started);
    checks[0]!.finish(true);
    await settled();
    const startedAfterOne = checks.map((c) => c.started);
    checks[1]!.finish(false);
    await settled();
    checks[2]!.finish(true);

    expect(startedAtFirst).toEqual([true, false, false, false]);
    expect(startedAfterOne).toEqual([true, true, false, false]);
    expect(await Promise.all(answers)).toEqual([true, false, true, "busy"]);
    expect(checks[3]!.started).toBe(false);
  });

  it("free the slot of a check that fails, and take checks again once the queue has room", async () => {
    const slots = checkSlots({ running: 1, waiting: 0 });
    const failing = slots.run(() => Promise.reject(new Error("scrypt failed")));
    const refused = await slots.run(async () => true);

    await expect(failing).rejects.toThrow("scrypt failed");
    expect(refused).toBe("busy");
    expect(await slots.run(async () => true)).toBe(true);
  });
});

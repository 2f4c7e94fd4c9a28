/** Analysts' password hashes: scrypt with its parameters and salt in the stored string, so the cost can change. */
import { randomBytes, scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashPassword, isStoredHash, passwordProblem, verifyPassword } from "../../server/analysts/passwords";

const PASSWORD = "correct horse battery";

/** A stored string made by hand with other parameters, as an older or newer cost would have written it. */
function storedWith(N: number, r: number, p: number, password = PASSWORD): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N, r, p, maxmem: 256 * N * r });
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

describe("analysts' passwords", () => {
  it("are salted: the same password hashes differently each time, and each hash checks it", async () => {
    const [a, b] = [await hashPassword(PASSWORD), await hashPassword(PASSWORD)];

    expect(a).not.toBe(b);
    expect(await verifyPassword(PASSWORD, a)).toBe(true);
    expect(await verifyPassword(PASSWORD, b)).toBe(true);
    expect(await verifyPassword("correct horse batterY", a)).toBe(false);
  });

  it("are checked with the parameters their stored string names", async () => {
    const older = storedWith(16_384, 8, 1);

    expect(isStoredHash(older)).toBe(true);
    expect(await verifyPassword(PASSWORD, older)).toBe(true);
    expect(await verifyPassword("another password", older)).toBe(false);
  });

  it.each([
    ["a cost past what the server allows", storedWith(16_384, 8, 1).replace("N=16384", "N=4194304")],
    ["an N that is not a power of two", storedWith(16_384, 8, 1).replace("N=16384", "N=16000")],
    ["another function", storedWith(16_384, 8, 1).replace(/^scrypt/, "bcrypt")],
    ["a cut hash", storedWith(16_384, 8, 1).slice(0, -30)],
    ["the password itself", PASSWORD],
  ])("refuse %s as a stored hash", async (_case, stored) => {
    expect(isStoredHash(stored)).toBe(false);
    expect(await verifyPassword(PASSWORD, stored)).toBe(false);
  });

  it.each([
    ["eleven char", "The password must have at least 12 characters."],
    ["twelve chars", undefined],
    ["ééééééééééé", "The password must have at least 12 characters."],
  ])("must have at least 12 characters: %j", (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });
});

import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, repoRoot } from "../../server/config";

describe("loadConfig", () => {
  it("starts on a fresh machine with no variables set", () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: "localhost",
      dataDir: path.join(repoRoot, "data"),
      siteDir: path.join(repoRoot, "dist", "client"),
      formsDir: path.join(repoRoot, "forms"),
      brand: "SwitchPlan",
      logLevel: "info",
      addressProvider: "demo",
    });
  });

  it("reads relative folders from the repository root, whatever the working folder", () => {
    expect(loadConfig({ DATA_DIR: "var/leads" }).dataDir).toBe(path.join(repoRoot, "var", "leads"));
    expect(loadConfig({ SITE_DIR: "/srv/site" }).siteDir).toBe("/srv/site");
  });

  it("turns PORT into a number", () => {
    expect(loadConfig({ PORT: "8080" }).port).toBe(8080);
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ PORT: "" }).port).toBe(3000);
  });

  it.each([
    [{ PORT: "eighty" }, /PORT must be integer/],
    [{ PORT: "70000" }, /PORT must be <= 65535/],
    [{ LOG_LEVEL: "loud" }, /LOG_LEVEL must be equal to one of the allowed values: fatal, error/],
    [{ ADDRESS_PROVIDER: "royal-mail" }, /ADDRESS_PROVIDER must be equal to one of the allowed values: demo/],
  ])("refuses %j with a message naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

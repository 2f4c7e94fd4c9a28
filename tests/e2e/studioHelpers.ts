/** The flow studio in the live preview on a scratch copy of forms/, for the studio's browser tests. */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "./pageTest";

const repoRoot = path.resolve(import.meta.dirname, "../..");

export interface Studio {
  url: string;
  formsDir: string;
  read: (file: string) => string;
  write: (file: string, text: string) => void;
  close: () => Promise<void>;
}

/**
 * `npm run preview:flows` on a scratch copy of forms/, on a free loopback port. It runs as a process of its own, as
 * an analyst runs it (Playwright's loader cannot import the preview's JSON schemas in this process). `prepare` may
 * change the copy before the preview reads it.
 */
export async function startStudio(prepare?: (formsDir: string) => void): Promise<Studio> {
  const scratch = mkdtempSync(path.join(tmpdir(), "studio-"));
  const formsDir = path.join(scratch, "forms");
  cpSync(path.join(repoRoot, "forms"), formsDir, { recursive: true });
  prepare?.(formsDir);
  const preview = spawn(path.join(repoRoot, "node_modules/.bin/tsx"), ["scripts/livePreview.ts"], {
    cwd: repoRoot,
    env: { ...process.env, FORMS_DIR: formsDir, DATA_DIR: path.join(scratch, "data"), PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "error" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    preview.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Live preview at (http:\/\/\S+?)\/? /.exec(output);
      if (match) resolve(match[1]!);
    });
    preview.once("exit", (code) => reject(new Error(`The live preview stopped (${code}) before it listened:\n${output}`)));
  });
  return {
    url,
    formsDir,
    read: (file) => readFileSync(path.join(formsDir, file), "utf8"),
    write: (file, text) => writeFileSync(path.join(formsDir, file), text),
    close: async () => {
      if (preview.exitCode === null) {
        preview.kill("SIGTERM");
        await once(preview, "exit");
      }
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/**
 * A studio for the tests of the enclosing block (or file): started before them (`prepare` as for startStudio) and
 * closed after. The handle answers for the running studio once it has started.
 */
export function studioForTests(prepare?: (formsDir: string) => void): Studio {
  let started: Studio | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    started = await startStudio(prepare);
  });
  test.afterAll(async () => {
    await started?.close();
  });
  const running = () => {
    if (!started) throw new Error("the studio is used before it has started");
    return started;
  };
  return {
    get url() {
      return running().url;
    },
    get formsDir() {
      return running().formsDir;
    },
    read: (file) => running().read(file),
    write: (file, text) => running().write(file, text),
    close: () => running().close(),
  };
}

/** Every axe finding of any impact, as "rule (impact): target" lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  return results.violations.flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(" ")}`));
}

/** Presses Tab until the element has the focus, as a keyboard user would. */
export async function tabTo(page: Page, target: Locator, most = 80): Promise<void> {
  for (let i = 0; i < most; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, "reached by Tab").toBeFocused();
}

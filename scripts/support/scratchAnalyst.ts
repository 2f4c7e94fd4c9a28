/** An analyst (a publisher) in a scratch analysts file, imported into the store at the server's start, for the scripts that start a server with the analysts' pages (bench:server, fuzz:endpoints). */
import path from "node:path";
import { writeAnalystsFile } from "../../server/analysts/analystsFile";
import { hashPassword } from "../../server/analysts/passwords";

const ANALYST = { name: "scratch", password: "an analyst of the scripts" } as const;

/** Writes the analysts file into `dir`; its path (for ANALYSTS_FILE), and the Authorization header that signs in as its analyst. */
export async function scratchAnalyst(dir: string): Promise<{ file: string; authorization: string }> {
  const file = path.join(dir, "analysts.json");
  await writeAnalystsFile(file, [{ name: ANALYST.name, passwordHash: await hashPassword(ANALYST.password), role: "publisher", added: new Date().toISOString() }]);
  return { file, authorization: `Basic ${Buffer.from(`${ANALYST.name}:${ANALYST.password}`).toString("base64")}` };
}

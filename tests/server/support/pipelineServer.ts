/** A test server over the pipeline fixtures: fixture flows, test buyers delivering to a receiver, a settable clock. */
import { makeTempDir, removeTempDir, startTestServer, type TestServer, type TestServerOptions } from "../testServer";
import { TEST_SECRETS, testBuyers, writeBuyersFile, writeFixtureForms } from "./pipelineFixtures";
import type { Buyer } from "../../../schemas/generated/buyers";

/** A clock a test moves by hand. */
export interface TestClock {
  now: () => Date;
  set(iso: string): void;
  advance(ms: number): void;
}

/** A clock starting at `iso`. */
export function testClock(iso: string): TestClock {
  let current = new Date(iso).getTime();
  return {
    now: () => new Date(current),
    set: (next) => void (current = new Date(next).getTime()),
    advance: (ms) => void (current += ms),
  };
}

/** Wednesday 4 March 2026, 11:00 in London (GMT): inside the fixture's opening hours. */
export const WEDNESDAY_MORNING = "2026-03-04T11:00:00Z";
/** The same Wednesday at 22:00 in London: out of hours. */
export const WEDNESDAY_NIGHT = "2026-03-04T22:00:00Z";

export interface PipelineServerOptions extends TestServerOptions {
  /** Where buyers deliver; an unused local port when the test sends nothing. */
  receiverUrl?: string;
  env?: Record<string, string>;
  /** Changes to the test buyers before they are written. */
  buyers?: (buyers: Buyer[]) => Buyer[];
  /** Fastify's logger option; silent when not given. */
  logger?: object;
}

/** A started server with its fixture folder. */
export interface PipelineServer extends TestServer {
  fixtureDir: string;
}

/** Starts a server over fixture flows and test buyers, open Monday to Friday 09:00–17:30. */
export async function startPipelineServer(options: PipelineServerOptions = {}): Promise<PipelineServer> {
  const fixtureDir = await makeTempDir("switchplan-pipeline-");
  const formsDir = await writeFixtureForms(fixtureDir);
  const buyers = (options.buyers ?? ((b) => b))(testBuyers(options.receiverUrl ?? "http://127.0.0.1:9"));
  const buyersFile = await writeBuyersFile(fixtureDir, buyers);
  const server = await startTestServer(
    { FORMS_DIR: formsDir, BUYERS_FILE: buyersFile, OPENING_HOURS: "mon-fri 09:00-17:30", ...options.env },
    options.logger ?? false,
    { secrets: TEST_SECRETS, ...options },
  );
  return {
    ...server,
    fixtureDir,
    close: async () => {
      await server.close();
      await removeTempDir(fixtureDir);
    },
  };
}

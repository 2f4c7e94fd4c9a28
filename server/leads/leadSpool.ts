/**
 * The instance's own spool of leads the store could not take: an append-only JSON-lines file (DATA_DIR/lead-spool.jsonl).
 * A held lead is a `{"hold": …}` line, fsynced before the visitor is answered (holds arriving during a sync share the
 * next one); a lead the store has taken since is a `{"taken": id}` line, one it refuses for good a `{"refused": lead}`
 * line (kept for the operator: the file is then never emptied). When nothing waits the file is emptied. A torn
 * last line (a crash mid-write) is skipped on reading: its visitor was never answered.
 */
import { mkdir, open, readFile, type FileHandle } from "node:fs/promises";
import path from "node:path";
import type { Answers } from "../../engine/core/types";
import type { LeadSubmission } from "../../schemas/generated/lead";
import type { LeadSession } from "../consent/certificate";

/** A valid lead (its flow replayed) kept until the store takes it. */
export interface HeldLead {
  /** The id the visitor was given; the stored lead gets it. */
  id: string;
  /** When it arrived (ISO): de-duplication, caps and routing run as they would have then. */
  receivedAt: string;
  submission: LeadSubmission;
  /** The replay's answers. */
  answers: Answers;
  visitId?: string;
  requestId?: string;
  digest?: string;
  /** How the form was filled in, for its consent certificate (leads held before certificates have none). */
  session?: LeadSession;
}

export interface LeadSpool {
  /**
   * Appends the lead and resolves with it once it is on disk; rejects when the spool cannot be written. A lead whose
   * submission key is held already (on disk, or being written) is not appended: it resolves with that earlier lead,
   * once it is on disk, so the same submission sent twice at once is held, and answered, once.
   */
  hold(lead: HeldLead): Promise<HeldLead>;
  /** Records that the store has the lead. */
  taken(id: string): Promise<void>;
  /** Records that the store refuses the lead for good; it stays in the file for the operator. */
  setAside(lead: HeldLead): Promise<void>;
  /** The leads waiting, oldest first. */
  waiting(): HeldLead[];
  /** The waiting lead with this submission key, if any. */
  byKey(key: string): HeldLead | undefined;
  size(): number;
  /** False after a write failed, until one succeeds. */
  writable(): boolean;
  /** When the oldest waiting lead arrived. */
  oldestAt(): Date | undefined;
  close(): Promise<void>;
}

type Line = { hold: HeldLead } | { taken: string } | { refused: HeldLead };

const takenId = (line: Line): string | undefined => ("taken" in line ? line.taken : "refused" in line ? line.refused.id : undefined);

/** The spool in `file`, with the leads it still holds from before (a restart, a crash). */
export async function openLeadSpool(file: string): Promise<LeadSpool> {
  const waiting = new Map<string, HeldLead>();
  let setAside = 0;
  for (const line of await readLines(file)) {
    if ("hold" in line) waiting.set(line.hold.id, line.hold);
    else waiting.delete(takenId(line)!);
    if ("refused" in line) setAside += 1;
  }
  let handle: FileHandle | undefined;
  let queue: Array<{ line: Line; done: (error?: unknown) => void }> = [];
  let writing: Promise<void> | undefined;
  let lastWriteFailed = false;
  /** Holds being written, by submission key. */
  const holding = new Map<string, Promise<HeldLead>>();

  const fileHandle = async (): Promise<FileHandle> => {
    if (handle) return handle;
    await mkdir(path.dirname(file), { recursive: true });
    const opened = await open(file, "a");
    // The file's name is durable too: its folder is synced once, when it is first opened.
    const folder = await open(path.dirname(file), "r");
    await folder.sync().finally(() => folder.close());
    return (handle = opened);
  };

  const writeAll = async () => {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        const fh = await fileHandle();
        await fh.write(batch.map((entry) => `${JSON.stringify(entry.line)}\n`).join(""));
        for (const entry of batch) {
          const id = takenId(entry.line);
          if (id !== undefined) waiting.delete(id);
          if ("refused" in entry.line) setAside += 1;
        }
        const onlyTaken = batch.every((entry) => "taken" in entry.line);
        if (onlyTaken && waiting.size === 0 && queue.length === 0 && setAside === 0) await fh.truncate(0);
        await fh.sync();
        for (const entry of batch) {
          if ("hold" in entry.line) waiting.set(entry.line.hold.id, entry.line.hold);
          entry.done();
        }
        lastWriteFailed = false;
      } catch (error) {
        lastWriteFailed = true;
        for (const entry of batch) entry.done(error);
      }
    }
    writing = undefined;
  };

  const append = (line: Line) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ line, done: (error) => (error === undefined ? resolve() : reject(error)) });
      writing ??= writeAll();
    });

  const ordered = () => [...waiting.values()].sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
  const byKey = (key: string) => [...waiting.values()].find((lead) => lead.submission.submissionKey === key);
  const hold = (lead: HeldLead): Promise<HeldLead> => {
    const key = lead.submission.submissionKey;
    if (key === undefined) return append({ hold: lead }).then(() => lead);
    const earlier = byKey(key);
    if (earlier) return Promise.resolve(earlier);
    const pending = holding.get(key);
    if (pending) return pending;
    const written = append({ hold: lead }).then(() => lead);
    holding.set(key, written);
    const settled = () => void holding.delete(key);
    written.then(settled, settled);
    return written;
  };
  return {
    hold,
    taken: (id) => append({ taken: id }),
    setAside: (lead) => append({ refused: lead }),
    waiting: ordered,
    byKey,
    size: () => waiting.size,
    writable: () => !lastWriteFailed,
    oldestAt: () => {
      const first = ordered()[0];
      return first ? new Date(first.receivedAt) : undefined;
    },
    close: async () => {
      await writing;
      await handle?.close();
      handle = undefined;
    },
  };
}

async function readLines(file: string): Promise<Line[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    // No spool yet (or no folder for one: holding a lead then fails, and the lead is refused).
    const code = (error as { code?: unknown }).code;
    if (code === "ENOENT" || code === "ENOTDIR") return [];
    throw error;
  }
  return text.split("\n").flatMap((raw) => {
    if (raw.trim() === "") return [];
    try {
      const line = JSON.parse(raw) as Line;
      return typeof line === "object" && line !== null && ("hold" in line || "taken" in line || "refused" in line) ? [line] : [];
    } catch {
      return [];
    }
  });
}

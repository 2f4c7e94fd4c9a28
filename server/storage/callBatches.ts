/**
 * Group commit for calls that can be made in batches: a call waits while `callsInFlight` batches are being made and
 * goes in the next batch with every call that arrived meanwhile (up to `maxBatch`), so under load one commit serves
 * many callers, and a call arriving with nothing in flight goes at once, alone. Each caller gets its own result or
 * error. PostgreSQL stores leads no experiment counts this way (routedLeadOnPostgres.ts).
 */

/** Makes one batch: per item, in order, its result or the error it alone failed with. */
export type BatchCall<I, R> = (items: I[]) => Promise<Array<R | Error>>;

interface Waiting<I, R> {
  item: I;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/** How many batches may be made at once, and the most calls one batch takes. */
export interface BatchLimits {
  callsInFlight: number;
  maxBatch: number;
}

/** Calls gathered into batches for one `call` (one per database). */
export class CallBatches<I, R> {
  private readonly waiting: Array<Waiting<I, R>> = [];
  private inFlight = 0;

  constructor(
    private readonly call: BatchCall<I, R>,
    private readonly limits: BatchLimits,
  ) {}

  /** Resolves with the item's own result once its batch is made, or rejects with its own error (or the batch's). */
  add(item: I): Promise<R> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.send();
    });
  }

  private send(): void {
    while (this.inFlight < this.limits.callsInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.limits.maxBatch);
      this.inFlight++;
      this.call(batch.map((waiting) => waiting.item))
        .then(
          (results) => batch.forEach(({ resolve, reject }, i) => settle(results[i], resolve, reject)),
          (error: unknown) => batch.forEach(({ reject }) => reject(error)),
        )
        .finally(() => {
          this.inFlight--;
          this.send();
        });
    }
  }
}

function settle<R>(result: R | Error | undefined, resolve: (result: R) => void, reject: (error: unknown) => void): void {
  if (result === undefined) reject(new Error("a batch answered fewer items than it was given"));
  else if (result instanceof Error) reject(result);
  else resolve(result);
}

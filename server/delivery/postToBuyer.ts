/**
 * One HTTP attempt to hand a lead to a buyer: JSON, signed with HMAC-SHA256 over the timestamp and
 * body, with the delivery's idempotency key, within a time-out. The buyer's answer is read as
 * Success (1), Duplicate (2) or Error (-1); failures worth retrying say so.
 */
import { createHmac } from "node:crypto";
import { rejectionText } from "./buyerAnswer";
import { retryAfterMs } from "./retryPolicy";

/** The header carrying `t=<unix seconds>,v1=<HMAC>`, which a buyer checks. */
export const SIGNATURE_HEADER = "x-switchplan-signature";
/** The header carrying the delivery's idempotency key, the same on every attempt. */
export const IDEMPOTENCY_HEADER = "idempotency-key";

/** What one attempt came to. */
export type PostOutcome =
  | { outcome: "delivered" | "duplicate" | "rejected"; resultCode: 1 | 2 | -1; httpStatus: number; error?: string }
  | { outcome: "retry"; httpStatus?: number; retryAfterMs?: number; error: string };

/** One delivery to send. */
export interface PostRequest {
  url: string;
  secret: string;
  idempotencyKey: string;
  body: string;
  timeoutMs: number;
  now: Date;
}

/** The signature header's value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signBody(secret: string, body: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

/** Posts the body once; never throws for the buyer's or the network's failures. */
export async function postToBuyer({ url, secret, idempotencyKey, body, timeoutMs, now }: PostRequest): Promise<PostOutcome> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "SwitchPlan-LeadDelivery/1",
        [IDEMPOTENCY_HEADER]: idempotencyKey,
        [SIGNATURE_HEADER]: signBody(secret, body, now),
      },
      body,
      redirect: "error",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return { outcome: "retry", error: describeFailure(error, timeoutMs) };
  }
  const text = await readBody(response, timeoutMs);
  const status = response.status;
  if (status === 408 || status === 425 || status === 429 || status >= 500) {
    const wait = retryAfterMs(response.headers.get("retry-after"), now);
    return { outcome: "retry", httpStatus: status, error: `HTTP ${status}`, ...(wait === undefined ? {} : { retryAfterMs: wait }) };
  }
  if (status === 409) return { outcome: "duplicate", resultCode: 2, httpStatus: status };
  if (status >= 300) return { outcome: "rejected", resultCode: -1, httpStatus: status, error: rejectionText(`HTTP ${status}`, text) };
  return { ...answerOf(text), httpStatus: status };
}

/** A 2xx body's answer: `{ "result": "Success" | "Duplicate" | "Error" }` or `{ "code": 1 | 2 | -1 }`; anything else is Success. */
function answerOf(text: string): { outcome: "delivered" | "duplicate" | "rejected"; resultCode: 1 | 2 | -1; error?: string } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { outcome: "delivered", resultCode: 1 };
  }
  const fields = body && typeof body === "object" ? (body as { result?: unknown; code?: unknown }) : {};
  const result = typeof fields.result === "string" ? fields.result.toLowerCase() : undefined;
  if (result === "duplicate" || fields.code === 2) return { outcome: "duplicate", resultCode: 2 };
  if (result === "error" || fields.code === -1) return { outcome: "rejected", resultCode: -1, error: rejectionText("the buyer answered Error", text) };
  return { outcome: "delivered", resultCode: 1 };
}

async function readBody(response: Response, timeoutMs: number): Promise<string> {
  // The status decides the outcome; a body that never finishes must not hold the attempt open.
  const timer = new Promise<string>((resolve) => setTimeout(() => resolve(""), timeoutMs).unref());
  return Promise.race([response.text().catch(() => ""), timer]);
}

/** A failure in words an operator can act on, without the request (which holds personal data). */
function describeFailure(error: unknown, timeoutMs: number): string {
  const err = error as { name?: string; cause?: { code?: string; message?: string } };
  if (err.name === "TimeoutError" || err.name === "AbortError") return `no answer within ${timeoutMs} ms`;
  return err.cause?.code ?? err.cause?.message ?? err.name ?? "request failed";
}

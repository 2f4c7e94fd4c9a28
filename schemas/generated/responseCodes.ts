/* Generated from schemas/lead.schema.json by `npm run schemas:types`. Do not edit. */
import type { ResponseCode } from "./lead";

/** The response codes after which the lead is in and the visitor goes on (every code but the failed ones). */
export const acceptedResponseCodes: readonly ResponseCode[] = ["0", "1", "2", "5", "6", "7", "8", "9", "10", "99", "100"];

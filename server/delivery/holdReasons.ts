/** Why the worker puts a delivery aside without an attempt, as its `last_error` says, so the operator's commands can find them. */

/** A delivery whose buyer's signing secret is not set where the worker runs. */
export function waitingForSecret(variable: string): string {
  return `waiting for ${variable} to be set`;
}

/** The SQL LIKE pattern of waitingForSecret's reasons. */
export const WAITING_FOR_SECRET_PATTERN = "waiting for % to be set";

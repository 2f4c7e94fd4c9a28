/**
 * Password checks running at once, bounded. A check is scrypt: about 32 MiB and tens of milliseconds on libuv's
 * thread pool, the pool that also reads the site's files, so a flood of sign-ins must not fill it. At most `running`
 * checks run and `waiting` more wait their turn; a check beyond those is not made at all, and its sign-in is told
 * to come back in a moment.
 */

/** Where password checks take their turn. */
export interface CheckSlots {
  /** Runs `check` in its turn; "busy" without running it when every slot and every place in the queue is taken. */
  run<T>(check: () => Promise<T>): Promise<T | "busy">;
}

/** One check at a time leaves three of libuv's four threads to the files; eight waiting is half a second or so. */
export const PASSWORD_CHECK_SLOTS = { running: 1, waiting: 8 } as const;

/** Slots for `running` checks at once and `waiting` more in line. */
export function checkSlots({ running, waiting }: { running: number; waiting: number }): CheckSlots {
  let active = 0;
  const queue: Array<() => void> = [];
  // A finished check hands its slot to the first in line, so `active` only falls when no one waits.
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else active -= 1;
  };
  return {
    async run(check) {
      if (active < running) active += 1;
      else if (queue.length < waiting) await new Promise<void>((resolve) => queue.push(resolve));
      else return "busy";
      try {
        return await check();
      } finally {
        release();
      }
    },
  };
}

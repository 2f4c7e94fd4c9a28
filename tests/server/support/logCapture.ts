/** A log destination for a test server that keeps every line written to it. */
import { Writable } from "node:stream";

/** The stream to give the logger, and everything written to it so far. */
export function logCapture(): { stream: Writable; text: () => string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => lines.join("") };
}

/**
 * A command whose reader has gone (`npm run report:funnel -- business-energy | head`) stops quietly: once `head`
 * has its lines there is no one left to tell, so a write that finds the pipe closed ends the process with exit 0
 * and no stack trace, as the shell's own tools do. Any other error on the output is still thrown.
 */

/** Makes this process stop quietly (exit 0) when its standard output or error is closed under it; each command's entry point calls it first. */
export function stopQuietlyWhenOutputCloses(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE") process.exit(0);
      throw error;
    });
  }
}

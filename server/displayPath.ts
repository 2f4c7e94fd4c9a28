/** Paths as people name them in messages, and the error of a configuration file that cannot be used. */
export { displayPath } from "../engine/node/formsFolder";

/** A configuration file that cannot be used: every problem, each starting with the file's name. */
export class ConfigFileError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "ConfigFileError";
  }
}

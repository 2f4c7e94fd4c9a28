/**
 * A password from standard input: typed at a terminal without echo (Enter ends it, Ctrl-C stops), or piped
 * (`printf 'secret' | npm run analysts -- add jo`), where the text up to the first line end is the password.
 */

/** Reads one password from `input`, prompting on `output` when `input` is a terminal. */
export function readPassword(input: NodeJS.ReadStream = process.stdin, output: NodeJS.WriteStream = process.stderr): Promise<string> {
  return input.isTTY ? typed(input, output) : piped(input);
}

async function piped(input: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of input) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? "";
}

function typed(input: NodeJS.ReadStream, output: NodeJS.WriteStream): Promise<string> {
  output.write("Password (not shown): ");
  input.setRawMode(true);
  input.setEncoding("utf8");
  input.resume();
  return new Promise((resolve, reject) => {
    let password = "";
    const done = (finish: () => void) => {
      input.setRawMode(false);
      input.pause();
      input.off("data", onData);
      output.write("\n");
      finish();
    };
    const onData = (keys: string) => {
      for (const key of keys) {
        if (key === "\r" || key === "\n" || key === "\u0004") return done(() => resolve(password));
        if (key === "\u0003") return done(() => reject(new Error("Stopped: no analyst was added")));
        if (key === "\u007f" || key === "\b") password = [...password].slice(0, -1).join("");
        else if (key >= " ") password += key;
      }
    };
    input.on("data", onData);
  });
}

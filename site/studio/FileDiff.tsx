/** A unified diff drawn line by line: added lines marked +, removed lines marked −, with a summary in words. */

export interface FileDiffProps {
  /** The file as people name it: forms/business-water/v2.json. */
  file: string;
  patch: string;
  created: boolean;
}

/** "2 lines added, 1 removed" (or "a new file of 120 lines"). */
export function diffSummary(patch: string, created: boolean): string {
  const lines = bodyLines(patch);
  const added = lines.filter((l) => l.startsWith("+")).length;
  const removed = lines.filter((l) => l.startsWith("-")).length;
  if (created) return `a new file of ${added} lines`;
  if (added === 0 && removed === 0) return "no change";
  return `${added} ${added === 1 ? "line" : "lines"} added, ${removed} removed`;
}

/** The patch without its header lines (the file names and ===). */
function bodyLines(patch: string): string[] {
  return patch.split("\n").filter((line) => !/^(={3,}|-{3} |\+{3} |Index: )/.test(line));
}

export function FileDiff({ file, patch, created }: FileDiffProps) {
  const id = `diff-${file.replace(/\W+/g, "-")}`;
  return (
    <section className="studio-diff" aria-labelledby={id}>
      <h3 id={id}>
        {file}: {diffSummary(patch, created)}
      </h3>
      <pre tabIndex={0} aria-label={`Changes to ${file}`}>
        {bodyLines(patch).map((line, i) => {
          const kind = line.startsWith("+") ? "added" : line.startsWith("-") ? "removed" : line.startsWith("@@") ? "hunk" : "same";
          return (
            <span key={i} className={`diff-${kind}`}>
              {line}
              {"\n"}
            </span>
          );
        })}
      </pre>
    </section>
  );
}

/** A version file that does not read as a flow, as its text to fix by hand; once it reads as a flow it can be edited as one. */
import { draftFromText, type Draft } from "../../engine/studio/workspace";

export interface RawFileEditorProps {
  /** The file as people name it: forms/business-water/v2.json. */
  file: string;
  text: string;
  onChange: (draft: Draft, label: string) => void;
}

export function RawFileEditor({ file, text, onChange }: RawFileEditorProps) {
  const parsed = draftFromText(text);
  return (
    <section aria-labelledby="raw-title" className="studio-raw-file">
      <h2 id="raw-title">{file} does not read as a flow</h2>
      <p>Its findings say what is wrong. Fix the text here; once it reads as a flow, open it as one to see its picture and steps.</p>
      <label htmlFor="raw-text">File text</label>
      <textarea id="raw-text" value={text} spellCheck={false} rows={24} onChange={(e) => onChange({ text: e.target.value }, "Edit the file text")} />
      {"flow" in parsed && (
        <button type="button" onClick={() => onChange(parsed, "Open the file as a flow")}>
          Open as a flow
        </button>
      )}
    </section>
  );
}

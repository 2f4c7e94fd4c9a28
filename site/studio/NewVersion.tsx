/** Asks for a new version's description before it is made. */
import { useState, type FormEvent } from "react";
import { Modal } from "./Modal";

export interface NewVersionProps {
  version: number;
  from: number;
  onCreate: (description: string) => void;
  onCancel: () => void;
}

export function NewVersion({ version, from, onCreate, onCancel }: NewVersionProps) {
  const [description, setDescription] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (description.trim()) onCreate(description.trim());
  };
  return (
    <Modal title={`New version v${version}`} onCancel={onCancel}>
      <form onSubmit={submit}>
        <p>v{version} starts as a copy of v{from}. Say what it changes, so that the report and the next person can tell the versions apart.</p>
        <label htmlFor="new-version-description">Description</label>
        <input id="new-version-description" type="text" required value={description} onChange={(e) => setDescription(e.target.value)} />
        <div className="studio-buttons">
          <button type="submit" className="primary">
            Make v{version}
          </button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}

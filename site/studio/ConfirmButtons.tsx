/** A live dialog's buttons: its confirming submit (held while busy) and Cancel. */
export function ConfirmButtons({ confirm, busy, onCancel }: { confirm: string; busy: boolean; onCancel: () => void }) {
  return (
    <div className="studio-buttons">
      <button type="submit" className="primary" disabled={busy}>
        {confirm}
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

/** A studio address that names no flow or version. */
import { Link } from "react-router";

export function NotFound({ what }: { what?: string }) {
  return (
    <main className="studio-page">
      <h1>Page not found</h1>
      {what && <p>{what}</p>}
      <p>
        <Link to="/studio/">All flows</Link>
      </p>
    </main>
  );
}

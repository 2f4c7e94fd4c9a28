/** A studio address that names no flow or version. */
import { Link } from "react-router";
import { STUDIO_HOME } from "./studioPlace";

export function NotFound({ what }: { what?: string }) {
  return (
    <main className="studio-page">
      <h1>Page not found</h1>
      {what && <p>{what}</p>}
      <p>
        <Link to={STUDIO_HOME}>All flows</Link>
      </p>
    </main>
  );
}

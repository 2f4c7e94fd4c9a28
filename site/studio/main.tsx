/** The flow studio's entry: replaced by the studio's own pages. */
import { createRoot } from "react-dom/client";

createRoot(document.getElementById("studio")!).render(<h1>Flow studio</h1>);

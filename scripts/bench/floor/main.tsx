/**
 * The floor `npm run bench:lighthouse` compares the site with: the business energy quote's first step as a plain
 * React 19 single-page app (drawn in the browser, no router, no pre-rendering, the site's stylesheet).
 */
import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import "../../../site/styles/base.css";
import "../../../site/styles/site.css";
import "../../../site/styles/quote.css";

const OPTIONS = [
  { value: "electricity", label: "Electricity" },
  { value: "gas", label: "Gas" },
  { value: "both", label: "Electricity and gas" },
];

function FirstStep() {
  const [answer, setAnswer] = useState<string>();
  const [done, setDone] = useState(false);
  if (done) return <h2>Thanks: you chose {OPTIONS.find((o) => o.value === answer)?.label}.</h2>;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (answer) setDone(true);
      }}
    >
      <fieldset>
        <legend>
          <h2>Which do you need a quote for?</h2>
        </legend>
        {OPTIONS.map((option) => (
          <label key={option.value} className="choice">
            <input type="radio" name="utility" value={option.value} checked={answer === option.value} onChange={() => setAnswer(option.value)} />
            {option.label}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button button--primary">
        Continue
      </button>
    </form>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <main className="container narrow quote-page">
      <h1 className="quote-page__title">Compare business energy prices</h1>
      <FirstStep />
    </main>
  </StrictMode>,
);

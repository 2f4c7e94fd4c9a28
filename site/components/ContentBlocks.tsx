import type { Block, Section } from "../content/types";
import { RichText } from "./RichText";

/** Body text blocks: paragraphs, lists, numbered steps, tables and notes. */
export function ContentBlocks({ blocks }: { blocks: Block[] }) {
  return blocks.map((block, index) => {
    if (typeof block === "string")
      return (
        <p key={index}>
          <RichText text={block} />
        </p>
      );
    if ("list" in block)
      return (
        <ul key={index}>
          {block.list.map((item) => (
            <li key={item}>
              <RichText text={item} />
            </li>
          ))}
        </ul>
      );
    if ("steps" in block)
      return (
        <ol key={index} className="steps">
          {block.steps.map((item) => (
            <li key={item}>
              <RichText text={item} />
            </li>
          ))}
        </ol>
      );
    if ("note" in block)
      return (
        <p key={index} className="notice">
          <RichText text={block.note} />
        </p>
      );
    return (
      <div key={index} className="table-scroll" tabIndex={0} role="region" aria-label={block.table.caption}>
        <table>
          <caption>{block.table.caption}</caption>
          <thead>
            <tr>
              {block.table.head.map((cell) => (
                <th key={cell} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.table.rows.map(([first, ...rest]) => (
              <tr key={first}>
                <th scope="row">{first}</th>
                {rest.map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  });
}

/** A titled section of a content page, with its anchor. */
export function ContentSection({ section }: { section: Section }) {
  return (
    <section className="content-section" aria-labelledby={section.id}>
      <h2 id={section.id}>{section.heading}</h2>
      <ContentBlocks blocks={section.blocks} />
    </section>
  );
}

import { useId } from "react";

/** A titled section of prose: a few paragraphs, read at a comfortable measure. */
export function TextSection({ title, paragraphs }: { title: string; paragraphs: string[] }) {
  const id = useId();
  return (
    <section className="section" aria-labelledby={id}>
      <div className="container text-section">
        <h2 id={id} className="section__title">
          {title}
        </h2>
        {paragraphs.map((paragraph) => (
          <p key={paragraph} className="text-section__paragraph">
            {paragraph}
          </p>
        ))}
      </div>
    </section>
  );
}

import { useId } from "react";

/** A titled section of cards (features, advantages, use cases). */
export function CardGrid({
  title,
  lead,
  items,
  tinted = false,
  columns = 3,
}: {
  title: string;
  lead?: string;
  items: { title: string; text: string }[];
  tinted?: boolean;
  columns?: 2 | 3 | 4;
}) {
  const id = useId();
  return (
    <section className={`section${tinted ? " section--tinted" : ""}`} aria-labelledby={id}>
      <div className="container">
        <h2 id={id} className="section__title">
          {title}
        </h2>
        {lead ? <p className="section__lead">{lead}</p> : null}
        <ul className={`card-grid card-grid--${columns}`}>
          {items.map((item) => (
            <li key={item.title} className="info-card">
              <h3 className="info-card__title">{item.title}</h3>
              <p className="info-card__text">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import { useId } from "react";

/** Specifications as a two-column table. */
export function SpecTable({ title, rows }: { title: string; rows: { label: string; value: string }[] }) {
  const id = useId();
  return (
    <section className="section" aria-labelledby={id}>
      <div className="container">
        <h2 id={id} className="section__title">
          {title}
        </h2>
        <table className="spec-table">
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

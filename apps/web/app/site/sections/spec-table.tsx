import { useId } from "react";

/**
 * Specifications as a table: a value per row, or a value per edition when columns are given (the
 * WAF tiers, for example).
 */
export function SpecTable({
  title,
  columns,
  rows,
}: {
  title: string;
  columns?: string[];
  rows: { label: string; value?: string; values?: string[] }[];
}) {
  const id = useId();
  return (
    <section className="section" aria-labelledby={id}>
      <div className="container">
        <h2 id={id} className="section__title">
          {title}
        </h2>
        <table className={`spec-table${columns ? " spec-table--columns" : ""}`}>
          {columns ? (
            <thead>
              <tr>
                <td />
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
          ) : null}
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {columns ? (
                  (row.values ?? []).map((value, index) => (
                    <td key={columns[index] ?? index} data-label={columns[index]}>
                      {value}
                    </td>
                  ))
                ) : (
                  <td>{row.value}</td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

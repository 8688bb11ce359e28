import { useTranslation } from "react-i18next";

const text = (value: unknown) => (value === undefined ? "" : JSON.stringify(value));

/** The fields of a record that a change touched, each with its value before and after. */
export function changedFields(before: unknown, after: unknown): { field: string; before: string; after: string }[] {
  const asObject = (value: unknown) =>
    value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const old = asObject(before);
  const now = asObject(after);
  return [...new Set([...Object.keys(old), ...Object.keys(now)])]
    .filter((field) => text(old[field]) !== text(now[field]))
    .map((field) => ({ field, before: text(old[field]), after: text(now[field]) }));
}

/** A table of what a change did to a record: each touched field, before and after. */
export function RecordChanges({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const rows = changedFields(before, after);
  if (rows.length === 0) return null;
  return (
    <table className="record-changes">
      <caption>{t("monitor.operLog.changes")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("monitor.operLog.field")}</th>
          <th scope="col">{t("monitor.operLog.before")}</th>
          <th scope="col">{t("monitor.operLog.after")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.field}>
            <th scope="row">{row.field}</th>
            <td>
              <code>{row.before || t("monitor.operLog.none")}</code>
            </td>
            <td>
              <code>{row.after || t("monitor.operLog.none")}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

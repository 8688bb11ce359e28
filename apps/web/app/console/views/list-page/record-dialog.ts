import { App } from "antd";
import { useState } from "react";

/**
 * The dialog of a list's record: closed, open on a new record, or open on a row. `close` with what
 * was saved (its name) says so (the `saved` text, told whether the record was new; for 3 seconds
 * unless it says otherwise; nothing if it is null) and reloads the list; with nothing (Cancel) it just closes.
 */
export function useRecordDialog<Row, Saved = string>(
  reload: () => Promise<unknown> | undefined,
  saved: (name: Saved, wasNew: boolean) => string | { text: string; seconds: number } | null,
) {
  const { message } = App.useApp();
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  return {
    open: editing !== null,
    /** The row being edited; null for a new one. */
    record: editing === "new" ? null : editing,
    openNew: () => setEditing("new"),
    openFor: (row: Row) => setEditing(row),
    close: (name: Saved | null) => {
      const wasNew = editing === "new";
      setEditing(null);
      if (name !== null) {
        const said = saved(name, wasNew);
        if (typeof said === "string") void message.success(said);
        else if (said) void message.success(said.text, said.seconds);
        void reload();
      }
    },
  };
}

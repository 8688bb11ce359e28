import type { Permission } from "@rampart/contracts";
import { App } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { confirmAction } from "../../controls/confirm-action";
import type { RowAction } from "./operations-column";

/** Asks, runs, says it is done (the `done` text) and reloads the list. */
export type ConfirmedAction = (options: {
  title: string;
  content: string;
  run: () => Promise<unknown>;
  done: string;
}) => unknown;

/**
 * An action on a record that is asked first (delete, disable, reset): the confirmation, the call,
 * the success message, and the list loaded again whatever happened (a refusal may mean the record
 * changed meanwhile).
 */
export function useConfirmedAction(reload: () => Promise<unknown> | undefined): ConfirmedAction {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  return (options) =>
    confirmAction(modal, t, {
      title: options.title,
      content: options.content,
      action: async () => {
        try {
          await options.run();
          void message.success(options.done);
        } finally {
          await reload();
        }
      },
    });
}

/**
 * A row's Delete, declared: asked with `<texts>.removeTitle` and `<texts>.<content>` (removeText by
 * default), said with `<texts>.removed`, each told the row's name; behind its permission, on the
 * rows it applies to.
 */
export function removeAction<Row>(
  confirmed: ConfirmedAction,
  t: TFunction,
  {
    texts,
    permission,
    nameOf,
    run,
    shown,
    content = "removeText",
  }: {
    texts: string;
    permission: Permission;
    nameOf: (row: Row) => string;
    run: (row: Row) => Promise<unknown>;
    shown?: (row: Row) => boolean;
    content?: string;
  },
): RowAction<Row> {
  return {
    label: t(`${texts}.remove`),
    permission,
    danger: true,
    ...(shown ? { shown } : {}),
    onClick: (row) => {
      const name = nameOf(row);
      confirmed({
        title: t(`${texts}.removeTitle`, { name }),
        content: t(`${texts}.${content}`, { name }),
        run: () => run(row),
        done: t(`${texts}.removed`, { name }),
      });
    },
  };
}

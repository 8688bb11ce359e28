import { App } from "antd";
import { useTranslation } from "react-i18next";
import { confirmAction } from "../../shell/confirm-action";

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

import type { HookAPI } from "antd/es/modal/useModal";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";

/**
 * A confirmation (spec section 4): on confirm the button shows 'in progress' and a spinner while
 * the action runs, then the dialog closes; cancel closes at once.
 */
export function confirmAction(
  modal: HookAPI,
  t: TFunction,
  { title, content, action }: { title?: string; content: ReactNode; action: () => Promise<unknown> },
): void {
  const dialog = modal.confirm({
    title: title ?? t("request.systemNotification"),
    content,
    okText: t("console.confirm"),
    cancelText: t("console.cancel"),
    async onOk() {
      dialog.update({ okText: t("console.inProgress") });
      await action();
    },
  });
}

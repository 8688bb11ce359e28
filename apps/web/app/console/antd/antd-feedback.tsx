import { App, Spin } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { installFeedback } from "../../shared/request/feedback";

const MESSAGE_SECONDS = 5;

/**
 * Lets the request client speak through antd: error messages for 5 s, error notifications, the two
 * login dialogs of spec section 4, a loading message for slow requests and a blocking overlay for
 * downloads. Rendered once inside antd's App.
 */
export function AntdFeedback() {
  const { message, notification, modal } = App.useApp();
  const { t } = useTranslation();
  const [blocking, setBlocking] = useState<string | null>(null);

  useEffect(() => {
    const confirm = (content: string, okText: string) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: t("request.systemNotification"),
          content,
          okText,
          cancelText: t("request.cancel"),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      });
    return installFeedback({
      error: (text) => void message.error(text, MESSAGE_SECONDS),
      notifyError: (title) => notification.error({ title, duration: MESSAGE_SECONDS }),
      confirmRelogin: () => confirm(t("request.sessionExpired"), t("request.relogin")),
      showLoading(text, isBlocking) {
        if (isBlocking) {
          setBlocking(text);
          return () => setBlocking(null);
        }
        return message.loading(text, 0);
      },
      clearErrors: () => {
        notification.destroy();
        message.destroy();
      },
    });
  }, [message, notification, modal, t]);

  return <Spin fullscreen spinning={blocking !== null} description={blocking ?? undefined} />;
}

import { Alert, Modal, Typography } from "antd";
import { useTranslation } from "react-i18next";

/**
 * An endpoint's signing secret, shown this once (the server keeps it sealed and never shows it
 * again): copy it into the platform, which verifies every delivery with it.
 */
export function WebhookSecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t("webhooks.secretTitle")}
      okText={t("webhooks.secretSaved")}
      cancelButtonProps={{ style: { display: "none" } }}
      onOk={onClose}
      onCancel={onClose}
      closable={false}
      maskClosable={false}
      destroyOnHidden
    >
      <Alert type="warning" showIcon message={t("webhooks.secretOnce")} className="webhook-secret__alert" />
      <Typography.Paragraph copyable={{ text: secret }} className="webhook-secret" data-testid="webhook-secret">
        <code>{secret}</code>
      </Typography.Paragraph>
      <p className="webhook-secret__help">{t("webhooks.secretHelp")}</p>
    </Modal>
  );
}

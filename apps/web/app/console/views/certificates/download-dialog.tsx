import type { CertificateView } from "@rampart/contracts";
import { Button, Collapse, Form, Input, Modal, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { certificatesApi } from "./certificates-api";

/**
 * A certificate's downloads: the certificate with its chain and the key (PEM, for nginx and
 * Apache), or one PKCS#12 file under a password (IIS, Tomcat, Windows); and how each server takes
 * them.
 */
export function DownloadDialog({ certificate, onClose }: { certificate: CertificateView; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const [busy, setBusy] = useState(false);
  const pfx = async ({ password }: { password: string }) => {
    setBusy(true);
    try {
      await certificatesApi.downloadPfx(certificate, password);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t("certificates.downloadDialog.title", { names: certificate.names[0] })}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      <Space direction="vertical" size="middle" className="download-options">
        <Space wrap>
          <Button onClick={() => void certificatesApi.downloadPem(certificate, "fullchain")}>
            {t("certificates.downloadDialog.fullchain")}
          </Button>
          {certificate.hasKey ? (
            <Button onClick={() => void certificatesApi.downloadPem(certificate, "key")}>
              {t("certificates.downloadDialog.key")}
            </Button>
          ) : null}
        </Space>
        {certificate.hasKey ? (
          <Form form={form} name="pfx" layout="vertical" onFinish={(values) => void pfx(values)}>
            <Form.Item
              name="password"
              label={t("certificates.downloadDialog.pfx")}
              extra={t("certificates.downloadDialog.pfxPasswordHelp")}
              rules={[{ required: true, min: 8, message: t("certificates.downloadDialog.pfxPasswordHelp") }]}
            >
              <Input.Password
                autoComplete="new-password"
                placeholder={t("certificates.downloadDialog.pfxPassword")}
                aria-label={t("certificates.downloadDialog.pfxPassword")}
              />
            </Form.Item>
            <Button htmlType="submit" loading={busy}>
              {t("certificates.downloadDialog.pfxDownload")}
            </Button>
          </Form>
        ) : (
          <p className="muted">{t("certificates.downloadDialog.noKey")}</p>
        )}
        <Collapse
          size="small"
          items={[
            {
              key: "how",
              label: t("certificates.downloadDialog.howTo"),
              children: (
                <ul className="install-notes">
                  {(["nginx", "apache", "iis", "tomcat"] as const).map((server) => (
                    <li key={server}>{t(`certificates.downloadDialog.${server}`)}</li>
                  ))}
                </ul>
              ),
            },
          ]}
        />
      </Space>
    </Modal>
  );
}

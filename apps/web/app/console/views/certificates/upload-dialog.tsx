import type { CertificateUploadBody } from "@rampart/contracts";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { certificatesApi } from "./certificates-api";
import { PemDialog } from "./pem-dialog";

/**
 * A certificate from any CA: the certificate, its chain, its key (optional, encrypted or not). The
 * server checks that the key is the certificate's, the chain builds and it is valid now, and says
 * which when one is not.
 */
export function UploadDialog({ onClose }: { onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const pem = { rows: 5, spellCheck: false, autoComplete: "off", className: "pem-input" } as const;
  return (
    <PemDialog<CertificateUploadBody>
      title={t("certificates.uploadDialog.title")}
      name="certificateUpload"
      save={(values) =>
        certificatesApi.upload({
          certificate: values.certificate,
          ...(values.chain?.trim() ? { chain: values.chain } : {}),
          ...(values.privateKey?.trim() ? { privateKey: values.privateKey } : {}),
          ...(values.passphrase ? { passphrase: values.passphrase } : {}),
        })
      }
      onClose={onClose}
      certificate={{
        label: t("certificates.uploadDialog.certificate"),
        extra: t("certificates.uploadDialog.certificateHelp"),
        rows: 5,
        autoComplete: "off",
      }}
    >
      <Form.Item
        name="chain"
        label={t("certificates.uploadDialog.chain")}
        extra={t("certificates.uploadDialog.chainHelp")}
      >
        <Input.TextArea {...pem} />
      </Form.Item>
      <Form.Item
        name="privateKey"
        label={t("certificates.uploadDialog.key")}
        extra={t("certificates.uploadDialog.keyHelp")}
      >
        <Input.TextArea {...pem} />
      </Form.Item>
      <Form.Item name="passphrase" label={t("certificates.uploadDialog.passphrase")}>
        <Input.Password autoComplete="off" maxLength={200} />
      </Form.Item>
    </PemDialog>
  );
}

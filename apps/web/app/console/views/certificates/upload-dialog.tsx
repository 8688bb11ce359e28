import type { CertificateUploadBody } from "@rampart/contracts";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../list-page/form-dialog";
import { useSaveDialog } from "../list-page/use-save-dialog";
import { certificatesApi } from "./certificates-api";

/**
 * A certificate from any CA: the certificate, its chain, its key (optional, encrypted or not). The
 * server checks that the key is the certificate's, the chain builds and it is valid now, and says
 * which when one is not.
 */
export function UploadDialog({ onClose }: { onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CertificateUploadBody>();
  const { saving, submit } = useSaveDialog(async (values: CertificateUploadBody) => {
    await certificatesApi.upload({
      certificate: values.certificate,
      ...(values.chain?.trim() ? { chain: values.chain } : {}),
      ...(values.privateKey?.trim() ? { privateKey: values.privateKey } : {}),
      ...(values.passphrase ? { passphrase: values.passphrase } : {}),
    });
    return true;
  }, onClose);
  const pem = { rows: 5, spellCheck: false, autoComplete: "off", className: "pem-input" } as const;
  return (
    <FormDialog<CertificateUploadBody>
      title={t("certificates.uploadDialog.title")}
      form={form}
      name="certificateUpload"
      saving={saving}
      onFinish={submit}
      onCancel={() => onClose(false)}
      width={720}
    >
      <Form.Item
        name="certificate"
        label={t("certificates.uploadDialog.certificate")}
        extra={t("certificates.uploadDialog.certificateHelp")}
        rules={[{ required: true, whitespace: true, message: t("certificates.uploadDialog.certificateRequired") }]}
      >
        <Input.TextArea {...pem} />
      </Form.Item>
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
    </FormDialog>
  );
}

import type { CertificateView, CsrCertificateBody } from "@rampart/contracts";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../list-page/form-dialog";
import { useSaveDialog } from "../list-page/use-save-dialog";
import { certificatesApi } from "./certificates-api";

/** The CA's certificate for a CSR made here: it must carry the CSR's key (the server checks). */
export function AttachDialog({
  certificate,
  onClose,
}: {
  certificate: CertificateView;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CsrCertificateBody>();
  const { saving, submit } = useSaveDialog(async (values: CsrCertificateBody) => {
    await certificatesApi.attach(certificate.certificateId, {
      certificate: values.certificate,
      ...(values.chain?.trim() ? { chain: values.chain } : {}),
    });
    return true;
  }, onClose);
  return (
    <FormDialog<CsrCertificateBody>
      title={t("certificates.attachDialog.title", { names: certificate.names.join(", ") })}
      form={form}
      name="certificateAttach"
      saving={saving}
      onFinish={submit}
      onCancel={() => onClose(false)}
      width={720}
    >
      <Form.Item
        name="certificate"
        label={t("certificates.attachDialog.certificate")}
        rules={[{ required: true, whitespace: true, message: t("certificates.uploadDialog.certificateRequired") }]}
      >
        <Input.TextArea rows={6} spellCheck={false} className="pem-input" />
      </Form.Item>
      <Form.Item name="chain" label={t("certificates.attachDialog.chain")}>
        <Input.TextArea rows={5} spellCheck={false} className="pem-input" />
      </Form.Item>
    </FormDialog>
  );
}

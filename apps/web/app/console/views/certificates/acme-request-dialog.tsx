import type { CertificateView, ChallengeType } from "@rampart/contracts";
import { Form, Input, Radio } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../list-page/form-dialog";
import { useSaveDialog } from "../list-page/use-save-dialog";
import { certificatesApi } from "./certificates-api";

interface AcmeForm {
  names: string;
  validation: ChallengeType;
}

/** Lines of a text area as names: trimmed, blank ones dropped. */
export const namesOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((name) => name.trim())
    .filter(Boolean);

/**
 * A free certificate: its names, one per line (a wildcard needs DNS validation), and how control is
 * proved: a TXT record, or a file on the website. The CA is asked for the order at once; the records
 * to put in place open next.
 */
export function AcmeRequestDialog({ onClose }: { onClose: (created: CertificateView | null) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AcmeForm>();
  const { saving, submit } = useSaveDialog(async (values: AcmeForm) => {
    const { data } = await certificatesApi.requestFree({ names: namesOf(values.names), validation: values.validation });
    return data ?? null;
  }, onClose);
  return (
    <FormDialog<AcmeForm>
      title={t("certificates.acme.title")}
      form={form}
      name="acme"
      initialValues={{ names: "", validation: "dns-01" }}
      saving={saving}
      onFinish={submit}
      onCancel={() => onClose(null)}
    >
      <Form.Item
        name="names"
        label={t("certificates.acme.names")}
        extra={t("certificates.acme.namesHelp")}
        rules={[{ required: true, whitespace: true, message: t("certificates.acme.namesRequired") }]}
      >
        <Input.TextArea rows={3} autoComplete="off" spellCheck={false} placeholder={"example.com\nwww.example.com"} />
      </Form.Item>
      <Form.Item name="validation" label={t("certificates.acme.validation")}>
        <Radio.Group className="certificate-validation">
          <Radio value="dns-01">
            <strong>{t("certificates.acme.dns")}</strong>
            <span className="certificate-validation__help">{t("certificates.acme.dnsHelp")}</span>
          </Radio>
          <Radio value="http-01">
            <strong>{t("certificates.acme.http")}</strong>
            <span className="certificate-validation__help">{t("certificates.acme.httpHelp")}</span>
          </Radio>
        </Radio.Group>
      </Form.Item>
    </FormDialog>
  );
}

import { Alert, Button, Form, Input, Modal, Select } from "antd";
import { saveAs } from "file-saver";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmPasswordField } from "../../controls/confirm-password-field";
import { CopyButton } from "../parts/copy-button";
import { namesOf } from "./acme-request-dialog";
import { certificatesApi } from "./certificates-api";
import type { CsrKeyType } from "./csr-maker";

interface CsrForm {
  keyType: CsrKeyType;
  commonName: string;
  names: string;
  organization: string;
  unit: string;
  locality: string;
  state: string;
  country: string;
  email: string;
  password: string;
  confirm: string;
}

const KEY_LABELS: Record<CsrKeyType, string> = {
  "rsa-2048": "RSA 2048",
  "rsa-3072": "RSA 3072",
  "rsa-4096": "RSA 4096",
  "ec-p256": "ECDSA P-256",
  "ec-p384": "ECDSA P-384",
};

/**
 * A CSR made in the browser: the key is generated here and saved encrypted with the customer's
 * password (PKCS#8), never sent; the CSR is saved, shown to copy, and kept by the server (without
 * the key) until the CA's certificate for it is added.
 */
export function CsrDialog({ onClose }: { onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CsrForm>();
  const [working, setWorking] = useState(false);
  const [csr, setCsr] = useState<string | null>(null);

  const generate = async (values: CsrForm) => {
    setWorking(true);
    try {
      // The maker (pkijs) is loaded only when a CSR is made.
      const { makeCsr } = await import("./csr-maker");
      const commonName = values.commonName.trim().toLowerCase();
      const names = [...new Set([commonName, ...namesOf(values.names ?? "").map((n) => n.toLowerCase())])];
      const made = await makeCsr({
        keyType: values.keyType,
        commonName,
        names,
        organization: values.organization,
        unit: values.unit,
        locality: values.locality,
        state: values.state,
        country: values.country,
        email: values.email,
        password: values.password,
      });
      const stem = commonName.replace(/^\*\./, "wildcard.").replace(/[^a-z0-9.-]/gi, "_");
      saveAs(new Blob([made.encryptedKeyPem], { type: "application/x-pem-file" }), `${stem}.key`);
      saveAs(new Blob([made.csrPem], { type: "application/pkcs10" }), `${stem}.csr`);
      await certificatesApi.recordCsr(made.csrPem);
      setCsr(made.csrPem);
    } finally {
      setWorking(false);
    }
  };

  return (
    <Modal
      open
      title={t("certificates.csrDialog.title")}
      onCancel={() => onClose(csr !== null)}
      footer={
        csr ? (
          <Button type="primary" onClick={() => onClose(true)}>
            {t("certificates.csrDialog.close")}
          </Button>
        ) : (
          <Button type="primary" loading={working} onClick={() => form.submit()}>
            {working ? t("certificates.csrDialog.working") : t("certificates.csrDialog.generate")}
          </Button>
        )
      }
      width={720}
      destroyOnHidden
    >
      {csr ? (
        <div className="csr-done">
          <Alert type="success" showIcon message={t("certificates.csrDialog.done")} />
          <div className="csr-done__head">
            <strong>{t("certificates.csrDialog.csrText")}</strong>
            <CopyButton text={csr} />
          </div>
          <pre className="csr-done__text" data-testid="csr-text">
            {csr}
          </pre>
        </div>
      ) : (
        <Form<CsrForm>
          form={form}
          name="csr"
          layout="vertical"
          initialValues={{ keyType: "rsa-2048" }}
          onFinish={(values) => void generate(values)}
        >
          <p>{t("certificates.csrDialog.intro")}</p>
          <div className="csr-form-row">
            <Form.Item name="keyType" label={t("certificates.csrDialog.keyType")}>
              <Select options={Object.entries(KEY_LABELS).map(([value, label]) => ({ value, label }))} />
            </Form.Item>
            <Form.Item
              name="commonName"
              label={t("certificates.csrDialog.commonName")}
              rules={[{ required: true, whitespace: true, message: t("certificates.csrDialog.commonNameRequired") }]}
            >
              <Input maxLength={64} spellCheck={false} placeholder="www.example.com" />
            </Form.Item>
          </div>
          <Form.Item
            name="names"
            label={t("certificates.csrDialog.names")}
            extra={t("certificates.csrDialog.namesHelp")}
          >
            <Input.TextArea rows={2} spellCheck={false} />
          </Form.Item>
          <div className="csr-form-row">
            <Form.Item name="organization" label={t("certificates.csrDialog.organization")}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="unit" label={t("certificates.csrDialog.unit")}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="locality" label={t("certificates.csrDialog.locality")}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="state" label={t("certificates.csrDialog.state")}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item
              name="country"
              label={t("certificates.csrDialog.country")}
              tooltip={t("certificates.csrDialog.countryHelp")}
              rules={[{ pattern: /^[A-Za-z]{2}$/, message: t("certificates.csrDialog.countryHelp") }]}
            >
              <Input maxLength={2} />
            </Form.Item>
            <Form.Item name="email" label={t("certificates.csrDialog.email")} rules={[{ type: "email" }]}>
              <Input maxLength={128} />
            </Form.Item>
          </div>
          <div className="csr-form-row">
            <Form.Item
              name="password"
              label={t("certificates.csrDialog.password")}
              extra={t("certificates.csrDialog.passwordHelp")}
              rules={[{ required: true, min: 8, message: t("certificates.csrDialog.passwordShort") }]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <ConfirmPasswordField
              of="password"
              label={t("certificates.csrDialog.confirm")}
              required={t("certificates.csrDialog.confirmMismatch")}
              differ={t("certificates.csrDialog.confirmMismatch")}
            />
          </div>
        </Form>
      )}
    </Modal>
  );
}

import { Form, Input } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { RecordDialog } from "../list-page/form-dialog";

/**
 * A dialog that takes a certificate in PEM (uploaded from any CA, or the CA's answer to a CSR made
 * here): the certificate field first (required), then the dialog's own fields; it closes with
 * whether it was saved.
 */
export function PemDialog<Body extends { certificate: string }>({
  title,
  name,
  save,
  onClose,
  certificate,
  children,
}: {
  title: string;
  name: string;
  save: (values: Body) => Promise<unknown>;
  onClose: (saved: boolean) => void;
  /** The certificate field's label, help and height. */
  certificate: { label: string; extra?: string; rows: number; autoComplete?: "off" };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <RecordDialog<Body, boolean, boolean>
      title={title}
      name={name}
      save={async (values) => {
        await save(values);
        return true;
      }}
      onClose={onClose}
      cancelled={false}
      width={720}
    >
      <Form.Item
        name="certificate"
        label={certificate.label}
        {...(certificate.extra ? { extra: certificate.extra } : {})}
        rules={[{ required: true, whitespace: true, message: t("certificates.uploadDialog.certificateRequired") }]}
      >
        <Input.TextArea
          rows={certificate.rows}
          spellCheck={false}
          {...(certificate.autoComplete ? { autoComplete: certificate.autoComplete } : {})}
          className="pem-input"
        />
      </Form.Item>
      {children}
    </RecordDialog>
  );
}

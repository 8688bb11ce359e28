import type { CertificateView, CsrCertificateBody } from "@rampart/contracts";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { certificatesApi } from "./certificates-api";
import { PemDialog } from "./pem-dialog";

/** The CA's certificate for a CSR made here: it must carry the CSR's key (the server checks). */
export function AttachDialog({
  certificate,
  onClose,
}: {
  certificate: CertificateView;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <PemDialog<CsrCertificateBody>
      title={t("certificates.attachDialog.title", { names: certificate.names.join(", ") })}
      name="certificateAttach"
      save={(values) =>
        certificatesApi.attach(certificate.certificateId, {
          certificate: values.certificate,
          ...(values.chain?.trim() ? { chain: values.chain } : {}),
        })
      }
      onClose={onClose}
      certificate={{ label: t("certificates.attachDialog.certificate"), rows: 6 }}
    >
      <Form.Item name="chain" label={t("certificates.attachDialog.chain")}>
        <Input.TextArea rows={5} spellCheck={false} className="pem-input" />
      </Form.Item>
    </PemDialog>
  );
}

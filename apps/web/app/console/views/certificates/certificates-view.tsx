import type { CertificateView } from "@rampart/contracts";
import { App, Button, Space, Tabs } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { confirmAction } from "../../controls/confirm-action";
import type { ViewProps } from "../../routing/view-props";
import { ListPage, ListTable, ListToolbar } from "../list-page/list-page";
import { useLoadedList } from "../list-page/loaded-list";
import { useOperationsColumn } from "../list-page/operations-column";
import { withViewMessages } from "../parts/view-messages";
import { AcmeRequestDialog } from "./acme-request-dialog";
import { AttachDialog } from "./attach-dialog";
import { useCertificateColumns } from "./certificate-columns";
import { certificatesApi } from "./certificates-api";
import { ChallengeDrawer } from "./challenge-drawer";
import { CsrDialog } from "./csr-dialog";
import { DownloadDialog } from "./download-dialog";
import { TlsWatchesPanel } from "./tls-watches-panel";
import { UploadDialog } from "./upload-dialog";
import "./certificates.css";

type Dialog =
  | { kind: "request" | "upload" | "csr" }
  | { kind: "records" | "download" | "attach"; certificate: CertificateView };

/**
 * Control center → Certificates: the customer's certificates (free ones by ACME, uploaded ones,
 * CSRs made in the browser), each with its state, issuer, end and whether its site serves it; the
 * records to put in place and Check; downloads (PEM, PFX); and, on a second tab, the TLS endpoints
 * they watch.
 */
export default withViewMessages("certificates", function Certificates({ title }: ViewProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const fetchRows = useCallback(() => certificatesApi.list(), []);
  const { rows, loading, load } = useLoadedList<CertificateView>(fetchRows);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const columns = useCertificateColumns();
  // While one is being issued, the list is read again every few seconds.
  const issuing = rows.some((row) => row.state === "validating");
  useEffect(() => {
    if (!issuing) return;
    const timer = setInterval(() => void load(), 3_000);
    return () => clearInterval(timer);
  }, [issuing, load]);

  const remove = (certificate: CertificateView) =>
    confirmAction(modal, t, {
      content: t("certificates.removeText", { names: certificate.names.join(", ") }),
      action: async () => {
        try {
          void message.success((await certificatesApi.remove(certificate.certificateId)).msg);
        } finally {
          await load();
        }
      },
    });
  const operations = useOperationsColumn<CertificateView>(t("certificates.columns.operations"), [
    {
      label: t("certificates.actions.records"),
      shown: (c) => c.source === "acme" && c.state !== "issued",
      onClick: (certificate) => setDialog({ kind: "records", certificate }),
    },
    {
      label: t("certificates.actions.download"),
      shown: (c) => c.state === "issued",
      onClick: (certificate) => setDialog({ kind: "download", certificate }),
    },
    {
      label: t("certificates.actions.attach"),
      shown: (c) => c.state === "awaiting",
      onClick: (certificate) => setDialog({ kind: "attach", certificate }),
    },
    {
      label: t("certificates.actions.csrFile"),
      shown: (c) => c.source === "csr",
      onClick: (certificate) => void certificatesApi.downloadCsr(certificate),
    },
    { label: t("certificates.actions.remove"), danger: true, onClick: remove },
  ]);
  const closed = (changed: boolean) => {
    setDialog(null);
    if (changed) void load();
  };

  const list = (
    <>
      <p className="certificates-intro">{t("certificates.intro")}</p>
      <ListToolbar
        actions={
          <Space wrap>
            <Button type="primary" onClick={() => setDialog({ kind: "request" })}>
              {t("certificates.request")}
            </Button>
            <Button onClick={() => setDialog({ kind: "upload" })}>{t("certificates.upload")}</Button>
            <Button onClick={() => setDialog({ kind: "csr" })}>{t("certificates.csr")}</Button>
          </Space>
        }
        onRefresh={() => void load()}
      />
      <ListTable<CertificateView>
        rowKey="certificateId"
        loading={loading}
        columns={[...columns, operations]}
        dataSource={rows}
        emptyText={t("certificates.empty")}
      />
    </>
  );

  return (
    <ListPage title={title}>
      <Tabs
        items={[
          { key: "certificates", label: t("certificates.tabs.certificates"), children: list },
          { key: "watches", label: t("certificates.tabs.watches"), children: <TlsWatchesPanel /> },
        ]}
      />
      {dialog?.kind === "request" ? (
        <AcmeRequestDialog
          onClose={(created) => {
            closed(Boolean(created));
            if (created) setDialog({ kind: "records", certificate: created });
          }}
        />
      ) : null}
      {dialog?.kind === "upload" ? <UploadDialog onClose={closed} /> : null}
      {dialog?.kind === "csr" ? <CsrDialog onClose={closed} /> : null}
      {dialog?.kind === "records" ? (
        <ChallengeDrawer certificate={dialog.certificate} onClose={() => closed(true)} onIssuing={() => void load()} />
      ) : null}
      {dialog?.kind === "download" ? (
        <DownloadDialog certificate={dialog.certificate} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === "attach" ? <AttachDialog certificate={dialog.certificate} onClose={closed} /> : null}
    </ListPage>
  );
});

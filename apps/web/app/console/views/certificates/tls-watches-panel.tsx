import type { TlsWatchView } from "@rampart/contracts";
import { App, Button, Form, Input, InputNumber, Space, Tag, Tooltip } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { confirmAction } from "../../controls/confirm-action";
import { ListTable } from "../list-page/list-page";
import { useLoadedList } from "../list-page/loaded-list";
import { useOperationsColumn } from "../list-page/operations-column";
import { daysUntil } from "../services/service-cells";
import { certificatesApi } from "./certificates-api";

/**
 * The TLS endpoints the customer watches: added by host and port (on the internet only), read at
 * once and every day: what they serve, by whom, until when, whether it is trusted and theirs.
 */
export function TlsWatchesPanel() {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<{ host: string; port: number }>();
  const [adding, setAdding] = useState(false);
  const fetchRows = useCallback(() => certificatesApi.watches(), []);
  const { rows, loading, load } = useLoadedList<TlsWatchView>(fetchRows);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  const day = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(iso));

  const add = async (values: { host: string; port: number }) => {
    setAdding(true);
    try {
      const answer = await certificatesApi.addWatch({ host: values.host.trim(), port: values.port });
      void message.success(answer.msg);
      form.resetFields();
      // The first read takes a moment.
      setTimeout(() => void load(), 2_000);
    } finally {
      setAdding(false);
      await load();
    }
  };
  const operations = useOperationsColumn<TlsWatchView>(t("certificates.columns.operations"), [
    {
      label: t("certificates.watches.remove"),
      danger: true,
      onClick: (watch) =>
        confirmAction(modal, t, {
          content: t("certificates.watches.removeText", { endpoint: `${watch.host}:${watch.port}` }),
          action: async () => {
            try {
              void message.success((await certificatesApi.removeWatch(watch.watchId)).msg);
            } finally {
              await load();
            }
          },
        }),
    },
  ]);
  const columns: ColumnsType<TlsWatchView> = [
    {
      title: t("certificates.watches.endpoint"),
      key: "endpoint",
      render: (_, watch) => (
        <span className="certificate-names">
          <code>
            {watch.host}:{watch.port}
          </code>
          <span className="certificate-names__more">
            {watch.checkedAt
              ? `${t("certificates.watches.checked")} ${when(watch.checkedAt)}`
              : t("certificates.watches.notRead")}
          </span>
        </span>
      ),
    },
    {
      title: t("certificates.watches.serves"),
      key: "serves",
      render: (_, watch) =>
        watch.error && !watch.notAfter ? (
          <Tag color="red">{t(`certificates.watches.failures.${watch.error}`, { defaultValue: watch.error })}</Tag>
        ) : (
          <span>
            {watch.names.slice(0, 2).join(", ") || watch.subject || "—"}
            {watch.certificateId ? (
              <Tag color="blue" className="watch-yours">
                {t("certificates.watches.yours")}
              </Tag>
            ) : null}
          </span>
        ),
    },
    {
      title: t("certificates.watches.issuer"),
      dataIndex: "issuer",
      responsive: ["md"],
      render: (v: string | null) => v ?? "—",
    },
    {
      title: t("certificates.watches.validUntil"),
      dataIndex: "notAfter",
      render: (notAfter: string | null) => {
        if (!notAfter) return "—";
        const days = daysUntil(notAfter);
        return (
          <span className={days <= 30 ? "certificate-end--soon" : undefined}>
            {day(notAfter)}
            <span className="certificate-end__days">{t("certificates.daysLeft", { days })}</span>
          </span>
        );
      },
    },
    {
      title: t("certificates.watches.trust"),
      dataIndex: "trusted",
      responsive: ["md"],
      render: (trusted: boolean | null, watch) =>
        trusted === null ? (
          "—"
        ) : trusted ? (
          <Tag color="green">{t("certificates.watches.trusted")}</Tag>
        ) : (
          <Tooltip title={watch.error ?? undefined}>
            <Tag color="orange">{t("certificates.watches.untrusted")}</Tag>
          </Tooltip>
        ),
    },
    operations,
  ];

  return (
    <>
      <p className="certificates-intro">{t("certificates.watches.intro")}</p>
      <Form
        form={form}
        name="tlsWatch"
        layout="inline"
        className="watch-form"
        initialValues={{ port: 443 }}
        onFinish={(v) => void add(v)}
      >
        <Form.Item
          name="host"
          label={t("certificates.watches.host")}
          rules={[{ required: true, whitespace: true, message: t("certificates.watches.hostRequired") }]}
        >
          <Input placeholder="www.example.com" spellCheck={false} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="port"
          label={t("certificates.watches.port")}
          rules={[{ required: true, message: t("certificates.watches.portRequired") }]}
        >
          <InputNumber min={1} max={65535} precision={0} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={adding}>
            {t("certificates.watches.add")}
          </Button>
          <Button onClick={() => void load()}>{t("list.refresh")}</Button>
        </Space>
      </Form>
      <ListTable<TlsWatchView>
        rowKey="watchId"
        loading={loading}
        columns={columns}
        dataSource={rows}
        emptyText={t("certificates.watches.empty")}
      />
    </>
  );
}

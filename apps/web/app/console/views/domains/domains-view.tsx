import type { DomainView, ServiceDomainsView } from "@rampart/contracts";
import { App, Button, Empty, Form, Input, Skeleton, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { confirmAction } from "../../controls/confirm-action";
import type { ViewProps } from "../../routing/view-props";
import { ListPage, ListTable } from "../list-page/list-page";
import { useOperationsColumn } from "../list-page/operations-column";
import { CopyButton } from "../parts/copy-button";
import { DomainSettingsDrawer } from "./domain-settings-drawer";
import { domainsApi } from "./domains-api";
import { GoLiveDrawer } from "./go-live-drawer";
import "./domains.css";
import { useViewMessages } from "../parts/view-messages";
import { PurgeDrawer } from "../purge/purge-drawer";

/**
 * A package's domains (Control center → My services → Domains, ?oid=): what the plan allows and
 * uses, each domain's CNAME target and state, Verify, its settings (origin, cache rules, WAF mode,
 * ICP number) and its go-live check; the package's cache purged and warmed (the purge panel).
 */
export default function DomainsView({ title }: ViewProps) {
  const ready = useViewMessages("domains");
  const [params] = useSearchParams();
  const orderNo = params.get("oid") ?? "";
  return ready ? <Domains title={title} orderNo={orderNo} /> : <Skeleton active />;
}

function Domains({ title, orderNo }: { title: string; orderNo: string }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [view, setView] = useState<ServiceDomainsView | null>(null);
  const [missing, setMissing] = useState(false);
  const [loading, setLoading] = useState(true);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<DomainView | null>(null);
  const [checking, setChecking] = useState<DomainView | null>(null);
  const [purging, setPurging] = useState(false);
  const [form] = Form.useForm<{ name: string }>();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setView((await domainsApi.list(orderNo)).data ?? null);
    } catch {
      setMissing(true);
    } finally {
      setLoading(false);
    }
  }, [orderNo]);
  useEffect(() => {
    void load();
  }, [load]);

  const act = async (action: () => Promise<{ msg?: string }>) => {
    try {
      const answer = await action();
      if (answer.msg) void message.success(answer.msg);
    } catch {
      // The request client has told the user why.
    } finally {
      await load();
    }
  };
  const add = async ({ name }: { name: string }) => {
    setAdding(true);
    await act(async () => {
      const answer = await domainsApi.add(orderNo, name.trim());
      form.resetFields();
      return answer;
    });
    setAdding(false);
  };

  const operations = useOperationsColumn<DomainView>(t("domains.columns.operations"), [
    {
      label: t("domains.actions.verify"),
      shown: (d) => d.state !== "active",
      onClick: (d) => void act(() => domainsApi.verify(orderNo, d.domainId)),
    },
    { label: t("domains.actions.settings"), onClick: setEditing },
    { label: t("domains.actions.goLive"), onClick: setChecking },
    {
      label: t("domains.actions.remove"),
      danger: true,
      onClick: (d) =>
        confirmAction(modal, t, {
          content: t("domains.removeText", { name: d.name }),
          action: () => act(() => domainsApi.remove(orderNo, d.domainId)),
        }),
    },
  ]);
  const columns: ColumnsType<DomainView> = [
    { title: t("domains.columns.name"), dataIndex: "name", render: (name: string) => <code>{name}</code> },
    {
      title: t("domains.columns.cname"),
      dataIndex: "cnameTarget",
      render: (target: string) => (
        <span className="cname-target">
          <code>{target}</code>
          <CopyButton text={target} />
        </span>
      ),
    },
    {
      title: t("domains.columns.state"),
      dataIndex: "state",
      render: (state: DomainView["state"]) => (
        <Tag color={state === "active" ? "green" : "gold"} data-state={state}>
          {t(`domains.states.${state}`)}
        </Tag>
      ),
    },
    {
      title: t("domains.columns.origin"),
      key: "origin",
      responsive: ["md"],
      render: (_, d) =>
        d.originAddresses.length ? `${d.originAddresses.join(", ")}:${d.originPort}` : t("domains.noOrigin"),
    },
    operations,
  ];

  if (missing) return <Empty description={t("domains.noPackage")} />;
  if (!view) return <Skeleton active />;
  const usage = (key: keyof ServiceDomainsView["quota"]) => {
    const { used, limit } = view.quota[key];
    return limit === null ? t("domains.quota.unlimited", { used }) : t("domains.quota.usage", { used, limit });
  };
  return (
    <ListPage title={title}>
      <div className="domains-head">
        <h2>{t("domains.title", { package: `${t(`nav.products_.${view.product}`)} · ${view.orderNo}` })}</h2>
        <span className="domains-head__actions">
          <Button onClick={() => setPurging(true)}>{t("domains.purge")}</Button>
          <Button href="/control/services">{t("domains.back")}</Button>
        </span>
      </div>
      <p className="domains-intro">{t("domains.intro")}</p>
      <dl className="domains-quota">
        {(["domains", "topLevelDomains", "originIps"] as const).map((key) => (
          <div key={key}>
            <dt>{t(`domains.quota.${key}`)}</dt>
            <dd data-quota={key}>{usage(key)}</dd>
          </div>
        ))}
      </dl>
      <Form
        form={form}
        name="domainAdd"
        layout="inline"
        className="domains-add"
        onFinish={(values) => void add(values)}
      >
        <Form.Item name="name" rules={[{ required: true, whitespace: true, message: t("domains.nameRequired") }]}>
          <Input
            placeholder={t("domains.addPlaceholder")}
            aria-label={t("domains.columns.name")}
            spellCheck={false}
            autoComplete="off"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={adding}>
          {t("domains.add")}
        </Button>
      </Form>
      <ListTable<DomainView>
        rowKey="domainId"
        loading={loading}
        columns={columns}
        dataSource={view.domains}
        emptyText={t("domains.empty")}
      />
      {editing ? (
        <DomainSettingsDrawer
          orderNo={orderNo}
          domain={editing}
          product={view.product}
          mainland={view.mainland}
          onClose={(saved) => {
            setEditing(null);
            if (saved) void load();
          }}
        />
      ) : null}
      {checking ? <GoLiveDrawer orderNo={orderNo} domain={checking} onClose={() => setChecking(null)} /> : null}
      {purging ? (
        <PurgeDrawer
          orderNo={orderNo}
          label={`${t(`nav.products_.${view.product}`)} · ${view.orderNo}`}
          onClose={() => setPurging(false)}
        />
      ) : null}
    </ListPage>
  );
}

import type { NoticeKind, NoticePreference } from "@rampart/contracts";
import { App, Switch, Table, Tooltip } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { request } from "../../../shared/request/request-client";

/**
 * Which notices are mailed: every kind is kept in the console; its mail can be turned off, except
 * the account's security (and receipts of payments, mailed whatever is chosen).
 */
export function NoticePreferences() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [preferences, setPreferences] = useState<NoticePreference[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    request<{ data: NoticePreference[] }>({ url: "/notifications/preferences" }).then(
      ({ data }) => setPreferences(data),
      () => {},
    );
  }, []);
  const save = async (kind: NoticeKind, mail: boolean) => {
    const mailOff = preferences
      .filter((preference) => (preference.kind === kind ? !mail : !preference.mail))
      .map((preference) => preference.kind);
    setSaving(true);
    try {
      const answer = await request<{ data: NoticePreference[]; msg: string }>({
        url: "/notifications/preferences",
        method: "PUT",
        data: { mailOff },
        repeatSubmit: false,
      });
      setPreferences(answer.data);
      void message.success(answer.msg);
    } finally {
      setSaving(false);
    }
  };
  const columns: ColumnsType<NoticePreference> = [
    {
      title: t("notifications.preferences.kind"),
      dataIndex: "kind",
      render: (kind: NoticeKind) => (
        <>
          <strong>{t(`notifications.kinds.${kind}`)}</strong>
          <div className="notice-preferences__hint">{t(`notifications.preferences.about.${kind}`)}</div>
        </>
      ),
    },
    {
      title: t("notifications.preferences.console"),
      key: "console",
      width: 120,
      render: () => <Switch checked disabled aria-label={t("notifications.preferences.console")} />,
    },
    {
      title: t("notifications.preferences.mail"),
      key: "mail",
      width: 120,
      render: (_, preference) => {
        const toggle = (
          <Switch
            checked={preference.mail}
            disabled={preference.mailRequired || saving}
            aria-label={`${t(`notifications.kinds.${preference.kind}`)}: ${t("notifications.preferences.mail")}`}
            onChange={(checked) => void save(preference.kind, checked)}
          />
        );
        return preference.mailRequired ? (
          <Tooltip title={t("notifications.preferences.required")}>{toggle}</Tooltip>
        ) : (
          toggle
        );
      },
    },
  ];
  return (
    <div className="notice-preferences">
      <p className="notifications-view__intro">{t("notifications.preferences.intro")}</p>
      <Table<NoticePreference>
        rowKey="kind"
        columns={columns}
        dataSource={preferences}
        pagination={false}
        size="middle"
        scroll={{ x: "max-content" }}
      />
    </div>
  );
}

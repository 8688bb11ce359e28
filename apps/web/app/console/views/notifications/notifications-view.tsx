import { NOTICE_KINDS, type NoticeKind, type NotificationView, type PageEnvelope } from "@rampart/contracts";
import { Button, Empty, List, Pagination, Segmented, Select, Space, Tabs, Tag } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { request } from "../../../shared/request/request-client";
import { useOpenNotice } from "../../controls/open-notice";
import type { ViewProps } from "../../routing/view-props";
import { NoticePreferences } from "./notice-preferences";
import "./notifications.css";

const PAGE_SIZE = 20;

/**
 * Personal center → Notifications: every notice kept for the signed-in user, newest first, by kind
 * and unread; each opened where it leads and marked read, or all marked read at once; and which
 * kinds are mailed.
 */
export default function NotificationsView({ title }: ViewProps) {
  const { t, i18n } = useTranslation();
  const openNotice = useOpenNotice();
  const [kind, setKind] = useState<NoticeKind | "all">("all");
  const [unread, setUnread] = useState(false);
  const [pageNum, setPageNum] = useState(1);
  const [rows, setRows] = useState<NotificationView[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      const answer = await request<PageEnvelope<NotificationView>>({
        url: "/notifications",
        params: {
          pageNum,
          pageSize: PAGE_SIZE,
          ...(kind === "all" ? {} : { kind }),
          ...(unread ? { unread: true } : {}),
        },
      });
      setRows(answer.rows);
      setTotal(answer.total);
    } finally {
      setLoading(false);
    }
  }, [kind, unread, pageNum]);
  useEffect(() => {
    void load();
  }, [load]);
  const markRead = async (ids?: number[]) => {
    await request({ url: "/notifications/read", method: "POST", data: ids ? { ids } : {}, repeatSubmit: false });
    await load();
  };
  const time = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

  const list = (
    <>
      <p className="notifications-view__intro">{t("notifications.intro")}</p>
      <Space wrap className="notifications-view__tools">
        <Select<NoticeKind | "all">
          value={kind}
          aria-label={t("notifications.kind")}
          style={{ minWidth: 180 }}
          onChange={(value) => {
            setKind(value);
            setPageNum(1);
          }}
          options={[
            { value: "all", label: t("notifications.allKinds") },
            ...NOTICE_KINDS.map((value) => ({ value, label: t(`notifications.kinds.${value}`) })),
          ]}
        />
        <Segmented
          value={unread ? "unread" : "all"}
          onChange={(value) => {
            setUnread(value === "unread");
            setPageNum(1);
          }}
          options={[
            { value: "all", label: t("notifications.all") },
            { value: "unread", label: t("notifications.unread") },
          ]}
        />
        <Button onClick={() => void markRead()}>{t("notifications.markAllRead")}</Button>
      </Space>
      <List<NotificationView>
        className="notifications-view__list"
        loading={loading}
        dataSource={rows}
        locale={{ emptyText: <Empty description={t("notifications.empty")} /> }}
        renderItem={(notice) => (
          <List.Item
            className={notice.read ? "" : "notifications-view__item--unread"}
            actions={[
              ...(notice.link
                ? [
                    <Button
                      key="open"
                      type="link"
                      size="small"
                      onClick={() => {
                        if (!notice.read) void markRead([notice.notificationId]);
                        openNotice(notice);
                      }}
                    >
                      {t("notifications.open")}
                    </Button>,
                  ]
                : []),
              ...(notice.read
                ? []
                : [
                    <Button key="read" type="link" size="small" onClick={() => void markRead([notice.notificationId])}>
                      {t("notifications.markRead")}
                    </Button>,
                  ]),
            ]}
          >
            <List.Item.Meta
              title={
                <Space size={8} wrap>
                  <span className="notifications-view__title">{notice.title}</span>
                  <Tag>{t(`notifications.kinds.${notice.kind}`)}</Tag>
                </Space>
              }
              description={
                <>
                  <p className="notifications-view__body">{notice.body}</p>
                  <time dateTime={notice.createdAt}>{time(notice.createdAt)}</time>
                </>
              }
            />
          </List.Item>
        )}
      />
      {total > PAGE_SIZE && (
        <Pagination
          className="notifications-view__pager"
          current={pageNum}
          pageSize={PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={setPageNum}
        />
      )}
    </>
  );
  return (
    <section className="notifications-view" aria-label={title}>
      <Tabs
        items={[
          { key: "list", label: t("notifications.title"), children: list },
          { key: "preferences", label: t("notifications.preferences.title"), children: <NoticePreferences /> },
        ]}
      />
    </section>
  );
}

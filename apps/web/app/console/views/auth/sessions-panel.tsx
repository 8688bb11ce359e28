import type { OwnSession } from "@rampart/contracts";
import { App, Button, List, Skeleton, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSession } from "../../../shared/auth/session-store";
import { confirmAction } from "../../controls/confirm-action";
import { useLoadedList } from "../list-page/loaded-list";
import { describeUserAgent } from "../monitor/user-agent";
import { useDateTime } from "../parts/date-time";
import { securityApi } from "./security-api";
import "./security.css";
import { useViewMessages } from "../parts/view-messages";

/**
 * Where the user is signed in: each session's browser, address, when it signed in and was last
 * active, this one marked; any other can be ended, or all of them at once.
 */
export function SessionsPanel() {
  const ready = useViewMessages("security");
  return ready ? <Sessions /> : <Skeleton active />;
}

function Sessions() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const dateTime = useDateTime();
  const logout = useSession((s) => s.logout);
  const navigate = useNavigate();
  const { rows, loading, load } = useLoadedList(securityApi.sessions);
  const others = rows.filter((row) => !row.current);

  const end = (session: OwnSession) =>
    confirmAction(modal, t, {
      title: t("security.sessions.endTitle"),
      content: t(session.current ? "security.sessions.endCurrentText" : "security.sessions.endText", {
        browser: describeUserAgent(session.userAgent),
        ip: session.ip,
      }),
      action: async () => {
        if (session.current) {
          await logout().catch(() => {});
          await navigate("/admin/login", { replace: true });
          return;
        }
        try {
          await securityApi.endSession(session.sessionId);
          void message.success(t("security.sessions.ended"));
        } finally {
          await load();
        }
      },
    });
  const endOthers = () =>
    confirmAction(modal, t, {
      title: t("security.sessions.endOthersTitle"),
      content: t("security.sessions.endOthersText", { count: others.length }),
      action: async () => {
        try {
          const { data } = await securityApi.endOtherSessions();
          void message.success(t("security.sessions.endedOthers", { count: data.ended }));
        } finally {
          await load();
        }
      },
    });

  return (
    <section className="own-sessions" aria-labelledby="own-sessions-title">
      <div className="own-sessions__head">
        <h3 id="own-sessions-title" className="two-factor__title">
          {t("security.sessions.title")}
        </h3>
        <Button danger disabled={others.length === 0} onClick={endOthers}>
          {t("security.sessions.endOthers")}
        </Button>
      </div>
      <p className="two-factor__lead">{t("security.sessions.lead")}</p>
      <List<OwnSession>
        loading={loading}
        dataSource={rows}
        rowKey="sessionId"
        renderItem={(session) => (
          <List.Item
            className="own-sessions__item"
            actions={[
              <Button key="end" type="link" danger onClick={() => end(session)}>
                {t(session.current ? "security.sessions.signOut" : "security.sessions.end")}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <span title={session.userAgent}>
                  {describeUserAgent(session.userAgent)}{" "}
                  {session.current ? <Tag color="processing">{t("security.sessions.thisOne")}</Tag> : null}
                </span>
              }
              description={
                <span className="own-sessions__facts">
                  <span>{t("security.sessions.address", { ip: session.ip })}</span>
                  <span>{t("security.sessions.signedIn", { at: dateTime(session.loginAt) })}</span>
                  <span>{t("security.sessions.lastActive", { at: dateTime(session.lastSeenAt) })}</span>
                </span>
              }
            />
          </List.Item>
        )}
      />
    </section>
  );
}

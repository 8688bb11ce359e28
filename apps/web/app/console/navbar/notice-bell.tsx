import { BellOutlined } from "@ant-design/icons";
import type { NotificationBell } from "@rampart/contracts";
import { createParser } from "eventsource-parser";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { headersFor, request, requestEnvironment } from "../../shared/request/request-client";
import { useOpenNotice } from "../controls/open-notice";
import "./notice-bell.css";

/**
 * The live stream opens this long after the console: the page's own requests go first, a page only
 * passed through never opens one, and what came meanwhile is read as it opens (nothing is missed).
 */
const FIRST_STREAM_DELAY_MS = 10_000;
/** How long to wait before opening the live stream again after it ended; doubled after each failure. */
const RECONNECT_MS = 5_000;
const RECONNECT_MAX_MS = 5 * 60_000;

/**
 * Listens to the server's stream of "you have a new notice" (Server-Sent Events, read with fetch
 * so that it carries the token), calling `onNotice` for each and once as each stream opens (a
 * notice made while none was open is not missed). Opened again whenever it ends (the server ends
 * each after a few minutes; a process may restart), later after each failure; never again once
 * the session is refused (signing in again mounts a new bell).
 */
function useNoticeStream(onNotice: () => void) {
  const latest = useRef(onNotice);
  latest.current = onNotice;
  useEffect(() => {
    let stopped = false;
    let failures = 0;
    let controller: AbortController | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      controller = new AbortController();
      try {
        const response = await fetch(`${requestEnvironment().baseUrl()}/notifications/stream`, {
          headers: headersFor({ url: "/notifications/stream", headers: { accept: "text/event-stream" } }, false),
          signal: controller.signal,
        });
        if (response.status === 401 || response.status === 403) return;
        if (response.ok && response.body) {
          failures = 0;
          latest.current();
          const parser = createParser({ onEvent: (event) => event.event === "notice" && latest.current() });
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            parser.feed(value);
          }
        } else {
          failures += 1;
        }
      } catch {
        // Aborted, offline or cut: tried again below unless the bell is gone.
        failures += 1;
      }
      if (stopped) return;
      const wait = Math.min(RECONNECT_MS * 2 ** failures, RECONNECT_MAX_MS);
      retry = setTimeout(() => void connect(), wait / 2 + Math.random() * (wait / 2));
    };
    retry = setTimeout(() => void connect(), FIRST_STREAM_DELAY_MS);
    return () => {
      stopped = true;
      clearTimeout(retry);
      controller?.abort();
    };
  }, []);
}

/** A notice's time, short: "14:05" today, the date otherwise. */
function when(iso: string, language: string) {
  const at = new Date(iso);
  const today = new Date().toDateString() === at.toDateString();
  return new Intl.DateTimeFormat(language, today ? { timeStyle: "short" } : { dateStyle: "medium" }).format(at);
}

/**
 * The console header's bell: how many notices are unread, the newest in a panel (each opened and
 * marked read with a click; all marked read at once), and the way to the full list. New notices
 * come in without a reload.
 */
export function NoticeBell() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const openNotice = useOpenNotice();
  const [bell, setBell] = useState<NotificationBell>({ unread: 0, latest: [] });
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const load = useCallback(
    () =>
      request<{ data: NotificationBell }>({ url: "/notifications/bell", background: true, quiet: true }).then(
        ({ data }) => setBell(data),
        () => {},
      ),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);
  useNoticeStream(() => void load());
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !panel.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);

  const markRead = async (ids?: number[]) => {
    await request({ url: "/notifications/read", method: "POST", data: ids ? { ids } : {}, repeatSubmit: false }).catch(
      () => {},
    );
    await load();
  };
  const label = bell.unread > 0 ? t("notifications.bellUnread", { count: bell.unread }) : t("notifications.bell");
  return (
    <div className="notice-bell" ref={panel}>
      <button
        type="button"
        className="console-icon-button notice-bell__button"
        aria-label={label}
        title={label}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <BellOutlined />
        {bell.unread > 0 && (
          <span className="notice-bell__count" aria-hidden="true">
            {bell.unread > 99 ? "99+" : bell.unread}
          </span>
        )}
      </button>
      {/* Read out when the count changes (a new notice arrived, or they were read). */}
      <span className="visually-hidden" aria-live="polite">
        {bell.unread > 0 ? label : ""}
      </span>
      {open && (
        <div className="notice-bell__panel" role="dialog" aria-label={t("notifications.title")}>
          <div className="notice-bell__head">
            <strong>{t("notifications.title")}</strong>
            {bell.unread > 0 && (
              <button type="button" className="notice-bell__link" onClick={() => void markRead()}>
                {t("notifications.markAllRead")}
              </button>
            )}
          </div>
          {bell.latest.length === 0 ? (
            <p className="notice-bell__empty">{t("notifications.empty")}</p>
          ) : (
            <ul className="notice-bell__list">
              {bell.latest.map((notice) => (
                <li key={notice.notificationId} className={notice.read ? "" : "notice-bell__item--unread"}>
                  <button
                    type="button"
                    className="notice-bell__item"
                    onClick={() => {
                      setOpen(false);
                      if (!notice.read) void markRead([notice.notificationId]);
                      openNotice(notice);
                    }}
                  >
                    <span className="notice-bell__title">{notice.title}</span>
                    <span className="notice-bell__meta">
                      {t(`notifications.kinds.${notice.kind}`)} · {when(notice.createdAt, i18n.language)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <button
            type="button"
            className="notice-bell__all"
            onClick={() => {
              setOpen(false);
              void navigate("/userCenter/notifications");
            }}
          >
            {t("notifications.seeAll")}
          </button>
        </div>
      )}
    </div>
  );
}

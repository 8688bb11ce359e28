import type { Envelope, NoticeView } from "@rampart/contracts";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { request } from "../../../shared/request/request-client";
import { LazyAntdScope } from "../../antd/lazy-antd";
import { Panel } from "../parts/panel";

/** The reader (and its sanitiser) loads when a notice is opened, not with the control center. */
const NoticeReader = lazy(() => import("./notice-reader"));

/** The published notices of the user's site, newest first, each opening in a reader. */
export function NoticesPanel() {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const [notices, setNotices] = useState<NoticeView[] | null>(null);
  const [open, setOpen] = useState<NoticeView | null>(null);
  useEffect(() => {
    request<Envelope<NoticeView[]> & { data: NoticeView[] }>({ url: "/system/notice/published" }).then(
      ({ data }) => setNotices(data),
      () => setNotices([]),
    );
  }, []);
  if (!notices?.length) return null;
  const date = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(iso)) : "";
  return (
    <Panel title={t("console.notices")} className="notices-panel">
      <ul className="plain-list">
        {notices.map((notice) => (
          <li key={notice.noticeId}>
            <button type="button" className="notices-panel__item" onClick={() => setOpen(notice)}>
              <span className={`status-tag status-tag--${notice.noticeType === "announcement" ? "purple" : "blue"}`}>
                {t(`console.noticeTypes.${notice.noticeType}`)}
              </span>
              <span className="notices-panel__title">{notice.title}</span>
              <span className="plain-list__meta">{date(notice.publishedAt)}</span>
            </button>
          </li>
        ))}
      </ul>
      {open ? (
        <Suspense fallback={null}>
          <LazyAntdScope>
            <NoticeReader notice={open} onClose={() => setOpen(null)} />
          </LazyAntdScope>
        </Suspense>
      ) : null}
    </Panel>
  );
}

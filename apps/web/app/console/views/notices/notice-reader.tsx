import type { NoticeView } from "@rampart/contracts";
import { Modal, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { RichTextView } from "../parts/rich-text-view";

/** One published notice, opened from the control center: its sanitised text and its attachments. */
export default function NoticeReader({ notice, onClose }: { notice: NoticeView; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open title={notice.title} footer={null} onCancel={onClose} width={760}>
      <p className="notice-reader__meta">
        <Tag color={notice.noticeType === "announcement" ? "purple" : "blue"}>
          {t(`console.noticeTypes.${notice.noticeType}`)}
        </Tag>
      </p>
      <RichTextView html={notice.content} />
      {notice.attachments.length ? (
        <>
          <h3 className="notice-reader__heading">{t("console.attachments")}</h3>
          <ul className="plain-list">
            {notice.attachments.map((file) => (
              <li key={file.url}>
                <a href={file.url} download={file.name}>
                  {file.name}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Modal>
  );
}

import { NOTICE_ATTACHMENTS_MAX, type NoticeBody, type NoticeView, type SiteAdminView } from "@rampart/contracts";
import { Form, Input, Radio, Select } from "antd";
import { useTranslation } from "react-i18next";
import type { UploadedFile } from "../files/upload-limits";
import { FileUpload } from "../files/upload-list";
import { FormDialog } from "../list-page/form-dialog";
import { useSaveDialog } from "../list-page/use-save-dialog";
import { RichTextEditor } from "../parts/rich-text-editor";
import { noticesApi } from "./notices-api";

interface NoticeForm {
  title: string;
  noticeType: NoticeBody["noticeType"];
  content: string;
  attachments: UploadedFile[];
  siteId: number | "all";
  status: NoticeBody["status"];
}

/** The text of some HTML, to tell an empty editor from a notice that says something. */
const hasContent = (html: string) =>
  /<img\b/i.test(html) || new DOMParser().parseFromString(html, "text/html").body.textContent?.trim() !== "";

/**
 * Writing a notice: title, type, readers (every site, or one; a site-bound operator writes for
 * their site), the content in the rich-text editor, attachments, draft or published.
 */
export default function NoticeDialog({
  notice,
  sites,
  siteLocked,
  onClose,
}: {
  notice: NoticeView | null;
  sites: SiteAdminView[];
  siteLocked: boolean;
  onClose: (saved: string | null) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NoticeForm>();
  const initial: NoticeForm = notice
    ? {
        title: notice.title,
        noticeType: notice.noticeType as NoticeForm["noticeType"],
        content: notice.content,
        attachments: notice.attachments.map((a, i) => ({ ...a, uid: `${notice.noticeId}-${i}` })),
        siteId: notice.siteId ?? "all",
        status: notice.status as NoticeForm["status"],
      }
    : {
        title: "",
        noticeType: "notice",
        content: "",
        attachments: [],
        siteId: siteLocked && sites[0] ? sites[0].siteId : "all",
        status: "draft",
      };

  const { saving, submit } = useSaveDialog(async (values: NoticeForm) => {
    const body: NoticeBody = {
      title: values.title.trim(),
      noticeType: values.noticeType,
      content: values.content ?? "",
      attachments: (values.attachments ?? []).map(({ name, url }) => ({ name, url })),
      siteId: values.siteId === "all" ? null : values.siteId,
      status: values.status,
    };
    await noticesApi.save(body, notice?.noticeId);
    return body.title;
  }, onClose);

  return (
    <FormDialog<NoticeForm>
      title={notice ? t("notices.editTitle", { title: notice.title }) : t("notices.addTitle")}
      form={form}
      name="notice"
      initialValues={initial}
      saving={saving}
      onFinish={submit}
      onCancel={() => onClose(null)}
      width={820}
    >
      <Form.Item
        name="title"
        label={t("notices.form.title")}
        rules={[{ required: true, whitespace: true, message: t("notices.titleRequired") }]}
      >
        <Input maxLength={200} showCount />
      </Form.Item>
      <div className="notice-dialog__row">
        <Form.Item name="noticeType" label={t("notices.form.type")}>
          <Radio.Group
            optionType="button"
            options={(["notice", "announcement"] as const).map((type) => ({
              value: type,
              label: t(`notices.types.${type}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="siteId" label={t("notices.form.site")}>
          <Select
            disabled={siteLocked}
            style={{ minWidth: 220 }}
            options={[
              ...(siteLocked ? [] : [{ value: "all", label: t("notices.allSites") }]),
              ...sites.map((site) => ({ value: site.siteId, label: site.company })),
            ]}
          />
        </Form.Item>
        <Form.Item name="status" label={t("notices.form.status")} extra={t("notices.form.publishHelp")}>
          <Radio.Group
            optionType="button"
            options={(["draft", "published"] as const).map((status) => ({
              value: status,
              label: t(`notices.statuses.${status}`),
            }))}
          />
        </Form.Item>
      </div>
      <Form.Item
        name="content"
        label={t("notices.form.content")}
        rules={[
          {
            validator: (_, value: string | undefined) =>
              value && hasContent(value) ? Promise.resolve() : Promise.reject(new Error(t("notices.contentRequired"))),
          },
        ]}
      >
        <RichTextEditor label={t("notices.form.content")} />
      </Form.Item>
      <Form.Item name="attachments" label={t("notices.form.attachments")} extra={t("notices.form.attachmentsHelp")}>
        <FileUpload limit={NOTICE_ATTACHMENTS_MAX} />
      </Form.Item>
    </FormDialog>
  );
}

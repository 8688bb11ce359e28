import type { DepartmentView, ServiceView, TicketOpenBody } from "@rampart/contracts";
import { App, Form, Input, Select } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../list-page/form-dialog";
import { useSaveDialog } from "../list-page/use-save-dialog";
import { RichTextEditor } from "../parts/rich-text-editor";
import { type AttachedFile, AttachmentsField } from "./attachments-field";
import { HelpSuggestions } from "./help-suggestions";
import { supportApi } from "./support-api";

interface NewTicketValues {
  departmentId: number;
  subject: string;
  message: string;
  serviceOrderNo?: string;
  priority: "low" | "normal" | "high";
  attachments?: AttachedFile[];
}

/**
 * A new ticket: the department (the site's), a subject, the message in the rich-text editor, the
 * package it is about (optional), a priority and attachments; the help centre's articles that match
 * the subject as it is typed. Answers the new ticket's number.
 */
export function NewTicketDialog({
  services,
  onClose,
}: {
  services: ServiceView[];
  onClose: (ticketNo: string | null) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<NewTicketValues>();
  const subject = Form.useWatch("subject", form);
  const [departments, setDepartments] = useState<Omit<DepartmentView, "email">[]>([]);
  useEffect(() => {
    supportApi.departments().then(
      ({ data }) => setDepartments(data ?? []),
      () => {},
    );
  }, []);
  const { saving, submit } = useSaveDialog(async (values: NewTicketValues) => {
    const body: TicketOpenBody = {
      departmentId: values.departmentId,
      subject: values.subject.trim(),
      message: values.message,
      priority: values.priority,
      ...(values.serviceOrderNo ? { serviceOrderNo: values.serviceOrderNo } : {}),
      ...(values.attachments?.length ? { attachments: values.attachments.map((file) => file.fileId) } : {}),
    };
    const answer = await supportApi.open(body);
    if (answer.msg) void message.success(answer.msg);
    return answer.data?.ticketNo ?? null;
  }, onClose);

  return (
    <FormDialog<NewTicketValues>
      title={t("support.add")}
      form={form}
      name="ticket"
      initialValues={{ priority: "normal" }}
      saving={saving}
      onFinish={submit}
      onCancel={() => onClose(null)}
      width={720}
      okText={t("support.form.send")}
    >
      <div className="ticket-form-row">
        <Form.Item
          name="departmentId"
          label={t("support.form.department")}
          rules={[{ required: true, message: t("support.form.departmentRequired") }]}
        >
          <Select options={departments.map((d) => ({ value: d.departmentId, label: d.name }))} />
        </Form.Item>
        <Form.Item name="priority" label={t("support.form.priority")}>
          <Select
            options={(["low", "normal", "high"] as const).map((value) => ({
              value,
              label: t(`support.priorities.${value}`),
            }))}
          />
        </Form.Item>
      </div>
      <Form.Item name="serviceOrderNo" label={t("support.form.service")}>
        <Select
          allowClear
          placeholder={t("support.form.none")}
          options={services.map((service) => ({
            value: service.orderNo,
            label: `${t(`nav.products_.${service.product}`, { defaultValue: service.product })} · ${service.orderNo}`,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="subject"
        label={t("support.form.subject")}
        rules={[{ required: true, whitespace: true, message: t("support.form.subjectRequired") }]}
      >
        <Input maxLength={200} placeholder={t("support.form.subjectPlaceholder")} />
      </Form.Item>
      <HelpSuggestions subject={subject} />
      <Form.Item
        name="message"
        label={t("support.form.message")}
        rules={[{ required: true, message: t("support.form.messageRequired") }]}
      >
        <RichTextEditor label={t("support.form.message")} images={false} />
      </Form.Item>
      <Form.Item name="attachments" label={t("support.form.attachments")}>
        <AttachmentsField />
      </Form.Item>
    </FormDialog>
  );
}

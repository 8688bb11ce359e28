import type { OperatorServiceView, ServiceOperatorMove } from "@rampart/contracts";
import { App, Form, Input, InputNumber, Modal } from "antd";
import { useTranslation } from "react-i18next";
import { useSaveDialog } from "../list-page/use-save-dialog";
import { servicesApi } from "./services-api";

/** What an operator does to a service from Business → Services. */
export type ServiceAction = ServiceOperatorMove | "extend";

interface Fields {
  reason: string;
  days?: number;
}

/**
 * The dialog of one operator action on a service: what it will do (and who is told), the reason
 * (required: it goes into the service's history, and to the customer when suspending), and for an
 * extension the days added. The server's answer says what happened.
 */
export function ServiceMoveDialog({
  action,
  service,
  name,
  onClose,
}: {
  action: ServiceAction;
  service: OperatorServiceView;
  /** The service as the list names it (product · order number). */
  name: string;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Fields>();

  const { saving, submit } = useSaveDialog(async ({ reason, days }: Fields) => {
    const answer =
      action === "extend"
        ? await servicesApi.extend(service.serviceId, days ?? 0, reason.trim())
        : await servicesApi.move(service.serviceId, action, reason.trim());
    void message.success(answer.msg);
    return true;
  }, onClose);

  return (
    <Modal
      open
      title={t(`serviceAdmin.actions.${action}`)}
      okText={t(`serviceAdmin.actions.${action}`)}
      okButtonProps={{ danger: action === "terminate" || action === "suspend" }}
      cancelText={t("console.cancel")}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <p>{t(`serviceAdmin.explain.${action}`, { name, customer: service.userName })}</p>
      <Form<Fields>
        form={form}
        name="serviceMove"
        layout="vertical"
        onFinish={submit}
        initialValues={action === "extend" ? { days: 7 } : {}}
      >
        {action === "extend" ? (
          <Form.Item
            name="days"
            label={t("serviceAdmin.days")}
            rules={[{ required: true, type: "integer", min: 1, max: 3650, message: t("serviceAdmin.daysRule") }]}
          >
            <InputNumber min={1} max={3650} precision={0} style={{ width: 160 }} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="reason"
          label={t(action === "suspend" ? "serviceAdmin.reasonToCustomer" : "serviceAdmin.reason")}
          rules={[{ required: true, whitespace: true, message: t("serviceAdmin.reasonRequired") }]}
        >
          {/* No autoSize: antd measures with a style attribute, which the CSP refuses. */}
          <Input.TextArea maxLength={500} showCount rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

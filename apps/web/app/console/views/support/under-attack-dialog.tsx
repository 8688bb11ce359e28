import { AlertOutlined } from "@ant-design/icons";
import type { ServiceView } from "@rampart/contracts";
import { Alert, App, Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../list-page/form-dialog";
import { useSaveDialog } from "../list-page/use-save-dialog";
import { supportApi } from "./support-api";

/**
 * "Under attack?": the package being attacked (preselected when there is one, or when the page was
 * opened for one) and what the customer sees; sending opens an urgent ticket that pages the site's
 * on-call people at once (or adds to that package's open one).
 */
export function UnderAttackDialog({
  services,
  preselected,
  onClose,
}: {
  services: ServiceView[];
  preselected?: string;
  onClose: (ticketNo: string | null) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ serviceOrderNo: string; message?: string }>();
  const live = services.filter((service) => service.state !== "expired");
  const { saving, submit } = useSaveDialog(async (values: { serviceOrderNo: string; message?: string }) => {
    const text = values.message?.trim() ?? "";
    const answer = await supportApi.underAttack(
      values.serviceOrderNo,
      text
        ? text
            .split(/\n+/)
            .map((line) => `<p>${line.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</p>`)
            .join("")
        : "",
    );
    if (answer.msg) void message.success(answer.msg);
    return answer.data?.ticketNo ?? null;
  }, onClose);
  const initial = preselected ?? (live.length === 1 ? live[0]!.orderNo : undefined);
  return (
    <FormDialog
      title={
        <span className="under-attack__title">
          <AlertOutlined aria-hidden /> {t("support.underAttack.title")}
        </span>
      }
      form={form}
      name="attack"
      initialValues={initial ? { serviceOrderNo: initial } : {}}
      saving={saving}
      onFinish={submit}
      onCancel={() => onClose(null)}
      okText={t("support.underAttack.send")}
      danger
    >
      <Alert type="warning" showIcon className="under-attack__note" message={t("support.underAttack.text")} />
      {live.length === 0 ? (
        <Alert type="info" message={t("support.underAttack.noPackages")} />
      ) : (
        <>
          <Form.Item
            name="serviceOrderNo"
            label={t("support.underAttack.package")}
            rules={[{ required: true, message: t("support.underAttack.choosePackage") }]}
          >
            <Select
              options={live.map((service) => ({
                value: service.orderNo,
                label: `${t(`nav.products_.${service.product}`, { defaultValue: service.product })} · ${service.orderNo}`,
              }))}
            />
          </Form.Item>
          <Form.Item name="message" label={t("support.underAttack.message")}>
            <Input.TextArea rows={3} maxLength={2000} placeholder={t("support.underAttack.messagePlaceholder")} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

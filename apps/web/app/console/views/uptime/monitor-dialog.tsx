import { MONITOR_INTERVALS, MONITOR_METHODS, type MonitorBody, type MonitorView } from "@rampart/contracts";
import { Form, Input, InputNumber, Select, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../list-page/form-dialog";
import { useSaveDialog } from "../list-page/use-save-dialog";
import { bodyOf, monitorsApi } from "./monitors-api";

const NEW_MONITOR: MonitorBody = {
  name: "",
  url: "https://",
  method: "GET",
  expectedStatus: 200,
  keyword: "",
  intervalSeconds: 300,
  enabled: true,
};

/**
 * A monitor as its owner writes it: a name, the address (the server refuses one that is not on the
 * internet, saying which address it leads to), GET or HEAD, the status expected, a keyword the page
 * must contain, how often, on or off.
 */
export function MonitorDialog({
  monitor,
  onClose,
}: {
  monitor: MonitorView | null;
  /** Saved, or closed (false). */
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MonitorBody>();
  const method = Form.useWatch("method", form);
  const { saving, submit } = useSaveDialog(async (values: MonitorBody) => {
    const body: MonitorBody = {
      ...values,
      name: values.name.trim(),
      url: values.url.trim(),
      keyword: values.method === "HEAD" ? "" : (values.keyword ?? "").trim(),
    };
    if (monitor) await monitorsApi.update(monitor.monitorId, body);
    else await monitorsApi.create(body);
    return true;
  }, onClose);

  return (
    <FormDialog<MonitorBody>
      title={monitor ? t("uptime.dialog.editTitle") : t("uptime.dialog.addTitle")}
      form={form}
      name="monitor"
      initialValues={monitor ? bodyOf(monitor) : NEW_MONITOR}
      saving={saving}
      onFinish={submit}
      onCancel={() => onClose(false)}
    >
      <Form.Item
        name="name"
        label={t("uptime.dialog.name")}
        rules={[{ required: true, whitespace: true, message: t("uptime.dialog.nameRequired") }]}
      >
        <Input maxLength={100} placeholder={t("uptime.dialog.namePlaceholder")} />
      </Form.Item>
      <Form.Item
        name="url"
        label={t("uptime.dialog.url")}
        extra={t("uptime.dialog.urlHelp")}
        rules={[
          { required: true, whitespace: true, message: t("uptime.dialog.urlRequired") },
          { pattern: /^https?:\/\/[^\s/]+[^\s]*$/i, message: t("uptime.dialog.urlRequired") },
        ]}
      >
        <Input maxLength={2000} inputMode="url" autoComplete="off" spellCheck={false} />
      </Form.Item>
      <div className="monitor-form-row">
        <Form.Item name="method" label={t("uptime.dialog.method")}>
          <Select options={MONITOR_METHODS.map((value) => ({ value, label: value }))} />
        </Form.Item>
        <Form.Item
          name="expectedStatus"
          label={t("uptime.dialog.expectedStatus")}
          tooltip={t("uptime.dialog.expectedStatusHelp")}
          rules={[
            { required: true, type: "integer", min: 100, max: 599, message: t("uptime.dialog.expectedStatusRule") },
          ]}
        >
          <InputNumber min={100} max={599} precision={0} />
        </Form.Item>
        <Form.Item name="intervalSeconds" label={t("uptime.dialog.interval")}>
          <Select options={MONITOR_INTERVALS.map((value) => ({ value, label: t(`uptime.intervals.${value}`) }))} />
        </Form.Item>
      </div>
      <Form.Item name="keyword" label={t("uptime.dialog.keyword")} extra={t("uptime.dialog.keywordHelp")}>
        <Input maxLength={200} disabled={method === "HEAD"} />
      </Form.Item>
      <Form.Item name="enabled" label={t("uptime.dialog.enabled")} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}

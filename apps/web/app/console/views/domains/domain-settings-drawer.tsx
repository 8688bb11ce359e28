import { MinusCircleOutlined } from "@ant-design/icons";
import type { DomainSettingsBody, DomainView } from "@rampart/contracts";
import { Button, Drawer, Form, Input, InputNumber, Radio, Select, Space } from "antd";
import { useTranslation } from "react-i18next";
import { useSaveDialog } from "../list-page/use-save-dialog";
import { domainsApi } from "./domains-api";

interface SettingsForm extends Omit<DomainSettingsBody, "originAddresses"> {
  originAddresses: string;
}

/**
 * A domain's settings: where the platform fetches from (addresses, protocol, port), how long paths
 * are cached (CDN), how attacks are met (WAF), and the ICP filing number (mainland China).
 */
export function DomainSettingsDrawer({
  orderNo,
  domain,
  product,
  mainland,
  onClose,
}: {
  orderNo: string;
  domain: DomainView;
  product: string;
  mainland: boolean;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SettingsForm>();
  const { saving, submit } = useSaveDialog(async (values: SettingsForm) => {
    // The form's values hold only the fields it shows: each product's own are sent, and the
    // server keeps the rest as they are.
    await domainsApi.save(orderNo, domain.domainId, {
      originAddresses: values.originAddresses
        .split(/[\s,;]+/)
        .map((a) => a.trim())
        .filter(Boolean),
      originProtocol: values.originProtocol,
      originPort: values.originPort,
      ...(product === "cdn" ? { cacheRules: values.cacheRules ?? [] } : {}),
      ...(product === "waf" ? { wafMode: values.wafMode } : {}),
      ...(mainland ? { icpNumber: values.icpNumber?.trim() ?? "" } : {}),
    });
    return true;
  }, onClose);
  return (
    <Drawer
      open
      size="large"
      title={t("domains.settings.title", { name: domain.name })}
      onClose={() => onClose(false)}
      extra={
        <Button type="primary" loading={saving} onClick={() => form.submit()}>
          {t("console.save")}
        </Button>
      }
    >
      <Form<SettingsForm>
        form={form}
        name="domainSettings"
        layout="vertical"
        initialValues={{ ...domain, originAddresses: domain.originAddresses.join("\n") }}
        onFinish={submit}
      >
        <Form.Item
          name="originAddresses"
          label={t("domains.settings.originAddresses")}
          extra={t("domains.settings.originAddressesHelp")}
          rules={[{ required: true, whitespace: true, message: t("domains.settings.originRequired") }]}
        >
          <Input.TextArea rows={2} spellCheck={false} />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="originProtocol" label={t("domains.settings.originProtocol")}>
            <Select
              className="origin-protocol"
              options={(["http", "https", "follow"] as const).map((value) => ({
                value,
                label: t(`domains.settings.protocols.${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="originPort"
            label={t("domains.settings.originPort")}
            rules={[{ required: true, message: t("domains.settings.portRequired") }]}
          >
            <InputNumber min={1} max={65535} precision={0} />
          </Form.Item>
        </Space>
        {product === "cdn" ? (
          <Form.Item label={t("domains.settings.cacheRules")} extra={t("domains.settings.cacheRulesHelp")}>
            <Form.List name="cacheRules">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field) => (
                    <Space key={field.key} align="baseline" className="cache-rule">
                      <Form.Item
                        name={[field.name, "path"]}
                        rules={[{ required: true, pattern: /^\/\S*$/, message: t("domains.settings.cachePathRule") }]}
                      >
                        <Input placeholder="/static/" aria-label={t("domains.settings.cachePath")} />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, "ttlSeconds"]}
                        rules={[{ required: true, message: t("domains.settings.cacheTtlRequired") }]}
                      >
                        <InputNumber
                          min={0}
                          max={31_536_000}
                          precision={0}
                          aria-label={t("domains.settings.cacheTtl")}
                        />
                      </Form.Item>
                      <MinusCircleOutlined onClick={() => remove(field.name)} />
                    </Space>
                  ))}
                  <Button onClick={() => add({ path: "/", ttlSeconds: 3600 })}>{t("domains.settings.addRule")}</Button>
                </>
              )}
            </Form.List>
          </Form.Item>
        ) : null}
        {product === "waf" ? (
          <Form.Item name="wafMode" label={t("domains.settings.wafMode")}>
            <Radio.Group
              options={(["monitor", "block"] as const).map((value) => ({
                value,
                label: t(`domains.settings.wafModes.${value}`),
              }))}
            />
          </Form.Item>
        ) : null}
        {mainland ? (
          <Form.Item name="icpNumber" label={t("domains.settings.icpNumber")} extra={t("domains.settings.icpHelp")}>
            <Input maxLength={64} placeholder="京ICP备12345678号-1" />
          </Form.Item>
        ) : null}
      </Form>
    </Drawer>
  );
}

import { PURGE_TARGETS_LIMIT, type PurgeBody } from "@rampart/contracts";
import { App, Button, Checkbox, Form, Input, Segmented } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { purgeApi } from "./purge-api";

type Kind = "urls" | "directories" | "everything" | "prefetch";
const KINDS: Kind[] = ["urls", "directories", "everything", "prefetch"];

/** A request as the form holds it: one entry a line, or the domains ticked. */
interface PurgeValues {
  lines?: string;
  domains?: string[];
}

const bodyOf = (kind: Kind, values: PurgeValues): PurgeBody => ({
  kind: kind === "prefetch" ? "prefetch" : "purge",
  scope: kind === "prefetch" ? "urls" : kind,
  targets:
    kind === "everything"
      ? (values.domains ?? [])
      : (values.lines ?? "")
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean),
});

const countLines = (text: string | undefined) => (text ?? "").split("\n").filter((line) => line.trim()).length;

/**
 * What to purge or prefetch: the kind, then one entry a line (with an example on the package's own
 * domain) or the package's domains to tick. Sent, it is cleared and the list read again.
 */
export function PurgeForm({ orderNo, domains, onSent }: { orderNo: string; domains: string[]; onSent: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PurgeValues>();
  const [kind, setKind] = useState<Kind>("urls");
  const [sending, setSending] = useState(false);
  const example = domains.find((name) => !name.startsWith("*.")) ?? "www.example.com";

  const send = async (values: PurgeValues) => {
    setSending(true);
    try {
      const answer = await purgeApi.ask(orderNo, bodyOf(kind, values));
      if (answer.msg) void message.success(answer.msg);
      form.resetFields();
      onSent();
    } catch {
      // The request client has told the customer why (the entry refused, the quota).
    } finally {
      setSending(false);
    }
  };

  return (
    <Form form={form} layout="vertical" name="purge" onFinish={(values) => void send(values)}>
      <Segmented<Kind>
        className="purge__kinds"
        block
        value={kind}
        onChange={(next) => {
          setKind(next);
          form.resetFields();
        }}
        options={KINDS.map((value) => ({ value, label: t(`purge.kinds.${value}`) }))}
      />
      {kind === "everything" ? (
        <Form.Item
          name="domains"
          label={t("purge.domains")}
          rules={[{ required: true, type: "array", min: 1, message: t("purge.targetsRequired") }]}
        >
          <Checkbox.Group className="purge__domains" options={domains} />
        </Form.Item>
      ) : (
        <Form.Item
          name="lines"
          label={t("purge.targets")}
          extra={t(`purge.help.${kind}`, { domain: example })}
          rules={[
            { required: true, whitespace: true, message: t("purge.targetsRequired") },
            {
              validator: async (_, text: string | undefined) => {
                if (countLines(text) > PURGE_TARGETS_LIMIT)
                  throw new Error(t("purge.tooMany", { max: PURGE_TARGETS_LIMIT }));
              },
            },
          ]}
        >
          <Input.TextArea rows={5} spellCheck={false} autoComplete="off" aria-label={t("purge.targets")} />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={sending}>
        {t("purge.submit")}
      </Button>
    </Form>
  );
}

import type { PayChannels, TopUpBody } from "@rampart/contracts";
import { minorDigits, parseMajor } from "@rampart/pricing";
import { Form, InputNumber, Modal, Radio } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { customerApi } from "../orders/customer-api";
import { balanceApi, orderHref } from "./balance-api";

type TopUpMethod = TopUpBody["payMethod"];
const TOP_UP_METHODS: readonly TopUpMethod[] = ["alipayGlobal", "alipay", "offline"];

interface TopUpFields {
  amount: number;
  payMethod: TopUpMethod;
}

/**
 * Top up: an amount in the site's currency and a way to pay it (the server's channels, as the order
 * page offers them). The top-up is an order paid like any other: online, the customer goes on to
 * the channel's cashier; by bank transfer, to the order's page with the bank details to quote.
 */
export function TopUpDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { branding } = useSiteData();
  const [form] = Form.useForm<TopUpFields>();
  const [channels, setChannels] = useState<PayChannels | null>(null);
  const [sending, setSending] = useState(false);
  // One key per dialog: a retried submit answers with the top-up it already made.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const currency = branding.currency;
  const digits = minorDigits(currency);
  const method = Form.useWatch("payMethod", form);

  useEffect(() => {
    let live = true;
    customerApi.payChannels().then(
      ({ data }) => live && setChannels(data),
      () => live && setChannels({ online: false, methods: ["offline"] }),
    );
    return () => {
      live = false;
    };
  }, []);
  const methods = TOP_UP_METHODS.filter((m) => channels?.methods.includes(m));

  const submit = async ({ amount, payMethod }: TopUpFields) => {
    setSending(true);
    try {
      const { minor } = parseMajor(amount.toFixed(digits), currency);
      const { data: order } = await balanceApi.topUp({ amount: minor, currency, payMethod, idempotencyKey });
      if (payMethod === "offline") {
        location.assign(orderHref(order.orderNo));
        return;
      }
      const started = await customerApi.pay(order.orderNo);
      location.assign(started.data.url);
    } catch {
      // The request client has said why.
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title={t("balance.topUpDialog.title")}
      okText={t("balance.topUpDialog.submit")}
      cancelText={t("console.cancel")}
      confirmLoading={sending}
      okButtonProps={{ disabled: !channels }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<TopUpFields> form={form} name="top-up" layout="vertical" onFinish={(fields) => void submit(fields)}>
        <Form.Item
          name="amount"
          label={t("balance.topUpDialog.amount")}
          rules={[{ required: true, message: t("balance.topUpDialog.amountRequired") }]}
        >
          <InputNumber<number>
            min={1 / 10 ** digits}
            precision={digits}
            prefix={currency}
            style={{ width: "100%" }}
            autoFocus
          />
        </Form.Item>
        {channels ? (
          <Form.Item
            name="payMethod"
            label={t("balance.topUpDialog.payMethod")}
            initialValue={methods[0]}
            extra={
              method === "offline"
                ? t("balance.topUpDialog.offlineHint", { company: branding.company })
                : t("balance.topUpDialog.onlineHint")
            }
          >
            <Radio.Group
              optionType="button"
              options={methods.map((m) => ({ value: m, label: t(`balance.topUpDialog.methods.${m}`) }))}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}

import type { BalanceAdjustment, CustomerLedger } from "@rampart/contracts";
import { formatMoney, minorDigits, parseMajor } from "@rampart/pricing";
import { App, Form, Input, InputNumber, Radio, Select } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { FormDialog } from "../list-page/form-dialog";
import { useSaveDialog } from "../list-page/use-save-dialog";
import { balancesApi } from "./balances-api";

interface AdjustFields {
  currency: string;
  direction: "credit" | "debit";
  amount: number;
  reason: string;
}

/**
 * An adjustment of one customer's balance: a credit or a debit, its amount in one of the currencies
 * the customer's balance may be in, and the reason (which the customer reads in their ledger). The
 * dialog says beforehand from what amount a second operator must confirm it; the answer says which
 * happened.
 */
export function AdjustDialog({
  ledger,
  onClose,
  onDone,
}: {
  ledger: CustomerLedger;
  onClose: () => void;
  onDone: (adjustment: BalanceAdjustment) => void;
}) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const { message } = App.useApp();
  const [form] = Form.useForm<AdjustFields>();
  // One key per dialog: a retried submit answers the adjustment it already made.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const currency = Form.useWatch("currency", form) ?? ledger.currencies[0] ?? "CNY";
  const digits = minorDigits(currency);
  const held = ledger.accounts.find((account) => account.currency === currency)?.amount ?? 0;

  const { saving, submit } = useSaveDialog(async ({ currency, direction, amount, reason }: AdjustFields) => {
    const { minor } = parseMajor(amount.toFixed(digits), currency);
    const answer = await balancesApi.adjust({
      userId: ledger.customer.userId,
      currency,
      amount: direction === "debit" ? -minor : minor,
      reason: reason.trim(),
      idempotencyKey,
    });
    void message.success(answer.msg);
    return answer.data;
  }, onDone);

  return (
    <FormDialog<AdjustFields>
      title={t("balances.adjust.title", { customer: ledger.customer.userName })}
      form={form}
      name="balance-adjust"
      initialValues={{ currency: ledger.currencies[0], direction: "credit" }}
      saving={saving}
      onFinish={(fields) => void submit(fields)}
      onCancel={onClose}
      width={520}
    >
      <p className="balances__rule">
        {t("balances.adjust.rule", { limit: formatMoney({ minor: ledger.confirmAbove, currency }, language) })}
      </p>
      <Form.Item name="direction" label={t("balances.adjust.direction")}>
        <Radio.Group
          optionType="button"
          options={[
            { value: "credit", label: t("balances.adjust.credit") },
            { value: "debit", label: t("balances.adjust.debit") },
          ]}
        />
      </Form.Item>
      <div className="balances__amount-row">
        {ledger.currencies.length > 1 ? (
          <Form.Item name="currency" label={t("balances.adjust.currency")}>
            <Select options={ledger.currencies.map((code) => ({ value: code, label: code }))} />
          </Form.Item>
        ) : (
          <Form.Item name="currency" hidden>
            <Input />
          </Form.Item>
        )}
        <Form.Item
          name="amount"
          label={t("balances.adjust.amount")}
          extra={t("balances.adjust.held", { balance: formatMoney({ minor: held, currency }, language) })}
          rules={[{ required: true, message: t("balances.adjust.amountRequired") }]}
        >
          <InputNumber<number>
            min={1 / 10 ** digits}
            precision={digits}
            prefix={currency}
            className="balances__amount"
            autoFocus
          />
        </Form.Item>
      </div>
      <Form.Item
        name="reason"
        label={t("balances.adjust.reason")}
        extra={t("balances.adjust.reasonHelp")}
        rules={[
          { required: true, whitespace: true, message: t("balances.adjust.reasonRequired") },
          { min: 3, message: t("balances.adjust.reasonRequired") },
        ]}
      >
        <Input.TextArea maxLength={500} rows={3} />
      </Form.Item>
    </FormDialog>
  );
}

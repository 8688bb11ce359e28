import type { BalancePreferencesView, LowBalanceAlert } from "@rampart/contracts";
import { formatMoney, minorDigits, parseMajor } from "@rampart/pricing";
import { App, Button, Form, InputNumber, Select, Switch } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { Panel } from "../parts/panel";
import { balanceApi } from "./balance-api";

interface PreferenceFields {
  autoRenewNew: boolean;
  mode: LowBalanceAlert["mode"];
  amount?: number;
}

/**
 * The customer's balance preferences: whether their new packages renew from the balance, and
 * when they are mailed that it is low (by default below what their renewals from it cost in the
 * next 30 days, shown as it stands; or below an amount of their own; or never).
 */
export function BalancePreferencesPanel() {
  const { t } = useTranslation();
  const { language, branding } = useSiteData();
  const { message } = App.useApp();
  const [form] = Form.useForm<PreferenceFields>();
  const [view, setView] = useState<BalancePreferencesView | null>(null);
  const [saving, setSaving] = useState(false);
  const mode = Form.useWatch("mode", form);
  const currency = branding.currency;
  const digits = minorDigits(currency);

  const show = useCallback(
    (loaded: BalancePreferencesView) => {
      setView(loaded);
      form.setFieldsValue({
        autoRenewNew: loaded.autoRenewNew,
        mode: loaded.lowBalance.mode,
        ...(loaded.lowBalance.amount ? { amount: loaded.lowBalance.amount / 10 ** digits } : {}),
      });
    },
    [form, digits],
  );
  useEffect(() => {
    let live = true;
    balanceApi.preferences().then(
      ({ data }) => live && show(data),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [show]);

  const save = async ({ autoRenewNew, mode, amount }: PreferenceFields) => {
    setSaving(true);
    try {
      const lowBalance: LowBalanceAlert =
        mode === "amount" ? { mode, amount: parseMajor((amount ?? 0).toFixed(digits), currency).minor } : { mode };
      const answer = await balanceApi.savePreferences({ autoRenewNew, lowBalance });
      show(answer.data);
      void message.success(t("balance.preferences.saved"));
    } catch {
      // The request client has said why.
    } finally {
      setSaving(false);
    }
  };

  const due = view?.renewalsDue.find((account) => account.currency === currency)?.amount ?? 0;
  return (
    <Panel className="balance__preferences" title={t("balance.preferences.title")}>
      <Form<PreferenceFields>
        form={form}
        name="balance-preferences"
        layout="vertical"
        disabled={!view}
        onFinish={(fields) => void save(fields)}
      >
        <Form.Item
          name="autoRenewNew"
          label={t("balance.preferences.autoRenewNew")}
          extra={t("balance.preferences.autoRenewNewHelp")}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <div className="balance__alert-row">
          <Form.Item name="mode" label={t("balance.preferences.lowBalance")}>
            <Select
              options={[
                {
                  value: "renewals",
                  label: t("balance.preferences.modes.renewals", {
                    amount: formatMoney({ minor: due, currency }, language),
                  }),
                },
                { value: "amount", label: t("balance.preferences.modes.amount") },
                { value: "off", label: t("balance.preferences.modes.off") },
              ]}
            />
          </Form.Item>
          {mode === "amount" ? (
            <Form.Item
              name="amount"
              label={t("balance.preferences.amount")}
              rules={[{ required: true, message: t("balance.preferences.amountRequired") }]}
            >
              <InputNumber<number>
                min={1 / 10 ** digits}
                precision={digits}
                prefix={currency}
                className="balance__alert-amount"
              />
            </Form.Item>
          ) : null}
        </div>
        <Button htmlType="submit" loading={saving}>
          {t("balance.preferences.save")}
        </Button>
      </Form>
    </Panel>
  );
}

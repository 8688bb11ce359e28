import type { OrderView } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";
import { Button, Modal } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import type { BalanceCover } from "../../../shared/payment/balance-cover";
import { balanceApi, orderHref } from "../balance/balance-api";

/**
 * Paying an unpaid order when the customer has a balance in its currency: from the balance (usable
 * when it covers what is due, otherwise the dialog says how much is missing), or the other way
 * this installation takes money (the cashier online, or the bank transfer instructions). A balance
 * short of the order can pay part of it online: what it holds is taken and the cashier asks for
 * the rest. Paid from the balance, the customer lands on the order's page, as after the cashier.
 */
export function PayOrderDialog({
  order,
  cover,
  online,
  onOtherWay,
  onClose,
}: {
  order: OrderView;
  cover: Exclude<BalanceCover, null>;
  online: boolean;
  /** The cashier (with the balance's part taken first when useBalance) or the bank transfer. */
  onOtherWay: (useBalance?: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const [paying, setPaying] = useState(false);
  const money = (minor: number) => formatMoney({ minor, currency: order.currency }, language);
  const held = order.balanceHeld ?? 0;
  const due = order.amount - held;
  // Part from the balance, the rest online: offered once per order, when the balance is short of it.
  const partly = online && !cover.covers && held === 0;

  const payFromBalance = async () => {
    setPaying(true);
    try {
      await balanceApi.payOrder(order.orderNo);
      location.assign(orderHref(order.orderNo));
    } catch {
      // The request client has shown the server's reason (a balance spent meanwhile, say).
      setPaying(false);
    }
  };

  return (
    <Modal
      open
      title={t("myOrders.payTitle", { orderNo: order.orderNo })}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t("console.cancel")}
        </Button>,
        <Button
          key="other"
          type={cover.covers || partly ? "default" : "primary"}
          onClick={() => onOtherWay()}
          disabled={paying}
        >
          {t(online ? "myOrders.payOnline" : "myOrders.payByTransfer")}
        </Button>,
        ...(partly
          ? [
              <Button key="partly" type="primary" onClick={() => onOtherWay(true)} disabled={paying}>
                {t("myOrders.payRestOnline", { amount: money(cover.missing) })}
              </Button>,
            ]
          : []),
      ]}
    >
      <p className="pay-dialog__due">{t("myOrders.payDue", { amount: money(due) })}</p>
      {held > 0 ? (
        <p className="pay-dialog__held" role="note">
          {t("myOrders.heldNote", { amount: money(held), total: money(order.amount) })}
        </p>
      ) : null}
      <div className="pay-dialog__balance">
        <div>
          <span>{t("myOrders.balanceLine", { amount: money(cover.balance) })}</span>
          {cover.covers ? null : (
            <span className="pay-dialog__short" role="note">
              {t("myOrders.balanceShort", { missing: money(cover.missing) })}
            </span>
          )}
        </div>
        <Button type="primary" disabled={!cover.covers} loading={paying} onClick={() => void payFromBalance()}>
          {t("myOrders.fromBalance")}
        </Button>
      </div>
    </Modal>
  );
}

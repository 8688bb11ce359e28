import { type BalanceEntry, ORDER_NO_PATTERN } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import { orderHref } from "./balance-api";

/** The kinds whose reference is an order (its number leads to it). */
const ORDER_KINDS = new Set<BalanceEntry["kind"]>(["topup", "payment", "hold", "refund", "credit"]);
const orderNumber = new RegExp(ORDER_NO_PATTERN);

/** An entry's amount signed ("+CN¥500.00", "-CN¥739.40") as the reader's language writes money. */
export function signedMoney(minor: number, currency: string, language: string): string {
  const text = formatMoney({ minor, currency }, language);
  return minor > 0 ? `+${text}` : text;
}

/** The time of an entry, in the reader's language and time zone. */
export function entryTime(language: string, timeZone: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone });
  return (iso) => format.format(new Date(iso));
}

/** What an entry is about: an order's number leads to the order; a reversal names the entry it reverses. */
function Reference({ entry, t, link }: { entry: BalanceEntry; t: TFunction; link: (orderNo: string) => string }) {
  if (entry.kind === "reversal" && entry.reverses !== null)
    return <>{t("balance.reverses", { entryId: entry.reverses })}</>;
  if (ORDER_KINDS.has(entry.kind) && orderNumber.test(entry.reference))
    return (
      <a className="order-no" href={link(entry.reference)}>
        {entry.reference}
      </a>
    );
  return <span className="order-no">{entry.reference}</span>;
}

/** An entry's amount, green when it credits the balance and red when it debits it. */
function Amount({ entry, language }: { entry: BalanceEntry; language: string }) {
  return (
    <span className={`balance__amount ${entry.amount < 0 ? "balance__amount--out" : "balance__amount--in"}`}>
      {signedMoney(entry.amount, entry.currency, language)}
    </span>
  );
}

/**
 * The ledger's columns: when (the reader's zone), the kind in words, what it is about, the amount
 * signed and coloured, the balance after it, the note. On a phone (`narrow`) two columns hold the
 * same: the entry (when, kind and reference, note) and the money (amount, balance after).
 */
export function balanceColumns(
  t: TFunction,
  language: string,
  timeZone: string,
  narrow: boolean,
  /** Where an order's number leads: the customer's own order page, or an operator's list of orders. */
  link: (orderNo: string) => string = orderHref,
): ColumnsType<BalanceEntry> {
  const time = entryTime(language, timeZone);
  const money = (minor: number, currency: string) => formatMoney({ minor, currency }, language);
  if (narrow)
    return [
      {
        title: t("balance.columns.date"),
        key: "entry",
        render: (_, entry) => (
          <span className="balance__entry">
            <span className="balance__time">{time(entry.createdAt)}</span>
            <span className="balance__what">
              {t(`balance.kinds.${entry.kind}`)} · <Reference entry={entry} t={t} link={link} />
            </span>
            {entry.note ? <span className="balance__note">{entry.note}</span> : null}
          </span>
        ),
      },
      {
        title: t("balance.columns.amount"),
        key: "money",
        align: "right",
        render: (_, entry) => (
          <span className="balance__money">
            <Amount entry={entry} language={language} />
            <span className="balance__after">
              {t("balance.columns.balanceAfter")} {money(entry.balanceAfter, entry.currency)}
            </span>
          </span>
        ),
      },
    ];
  return [
    {
      title: t("balance.columns.date"),
      dataIndex: "createdAt",
      render: (iso: string) => <span className="balance__time">{time(iso)}</span>,
    },
    {
      title: t("balance.columns.kind"),
      dataIndex: "kind",
      render: (kind: BalanceEntry["kind"]) => t(`balance.kinds.${kind}`),
    },
    {
      title: t("balance.columns.reference"),
      dataIndex: "reference",
      render: (_, entry) => <Reference entry={entry} t={t} link={link} />,
    },
    {
      title: t("balance.columns.amount"),
      dataIndex: "amount",
      align: "right",
      render: (_, entry) => <Amount entry={entry} language={language} />,
    },
    {
      title: t("balance.columns.balanceAfter"),
      dataIndex: "balanceAfter",
      align: "right",
      render: (after: number, entry) => <span className="order-amount">{money(after, entry.currency)}</span>,
    },
    {
      title: t("balance.columns.note"),
      dataIndex: "note",
      render: (note: string | null) => <span className="balance__note">{note ?? ""}</span>,
    },
  ];
}

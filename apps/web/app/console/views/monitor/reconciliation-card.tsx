import type { ReconciliationProblem, ReconciliationSummary } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";
import { Card, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { useDateTime } from "../parts/date-time";

/**
 * The last daily reconciliation of the balances: when it ran, how many balances it checked, and
 * each thing that did not add up (the same list the operators were mailed). Nothing here repairs:
 * a balance is corrected in Business → Balances.
 */
export function ReconciliationCard({ summary }: { summary: ReconciliationSummary | null }) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const dateTime = useDateTime();
  const line = (problem: ReconciliationProblem) => {
    const money = (minor: number | null) => formatMoney({ minor: minor ?? 0, currency: problem.currency }, language);
    return t(`monitor.server.reconciliation.kinds.${problem.kind}`, {
      customer: problem.userName,
      orderNo: problem.orderNo ?? "",
      amount: money(problem.amount),
      expected: money(problem.expected),
    });
  };
  return (
    <Card title={t("monitor.server.reconciliation.title")} size="small" className="server-status__reconciliation">
      {summary ? (
        <>
          <p className="server-status__reconciliation-run">
            {summary.problems.length === 0 ? (
              <Tag color="success">{t("monitor.server.reconciliation.clean")}</Tag>
            ) : (
              <Tag color="error">{t("monitor.server.reconciliation.problems", { count: summary.problems.length })}</Tag>
            )}
            {t("monitor.server.reconciliation.ran", {
              time: dateTime(summary.ranAt),
              balances: summary.balances,
            })}
          </p>
          {summary.problems.length > 0 ? (
            <ul className="server-status__reconciliation-problems">
              {summary.problems.map((problem) => (
                <li key={`${problem.kind}-${problem.orderNo ?? problem.userName}-${problem.currency}`}>
                  {line(problem)}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <p className="server-status__reconciliation-run">{t("monitor.server.reconciliation.never")}</p>
      )}
    </Card>
  );
}

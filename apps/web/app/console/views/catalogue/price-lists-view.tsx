import { hasPermission } from "@rampart/contracts";
import { minorDigits, PRODUCT_CODES, type ProductCode } from "@rampart/pricing";
import { Alert, App, Button, Radio, Skeleton, Space, Tabs, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { Can, useGrants } from "../../../shared/auth/permissions";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { confirmAction } from "../../controls/confirm-action";
import type { ViewProps } from "../../routing/view-props";
import { Panel } from "../parts/panel";
import { useViewMessages } from "../parts/view-messages";
import { usePriceField } from "./price-field";
import { usePriceListDraft } from "./price-list-draft";
import { PriceListProduct } from "./price-list-product";
import { priceListsApi } from "./price-lists-api";

/**
 * Business → Prices: the price lists (one per currency), each edited in place: base prices per
 * region, quantity bounds and unit prices, duration discounts, extended configuration, the
 * minimum order. Amounts are typed in the currency's major unit and kept in minor units. The
 * engine's own checks run as one types; the server checks again and prices the next order with it.
 */
export default function PriceListsView({ title }: ViewProps) {
  const ready = useViewMessages("business");
  const { t } = useTranslation();
  const { language } = useSiteData();
  const { modal, message } = App.useApp();
  const canEdit = hasPermission(useGrants(), "business:catalog:edit");
  const { lists, currency, loaded, draft, problems, problemAt, changes, load, set, reset } = usePriceListDraft();
  const field = usePriceField({ digits: currency ? minorDigits(currency) : 0, editable: canEdit, problemAt, set });

  if (!ready || !lists || !draft || !loaded || !currency) return <Skeleton active paragraph={{ rows: 10 }} />;

  const chooseList = (next: string) => {
    const go = () => load(next).catch(() => {});
    if (!changes) return void go();
    modal.confirm({
      content: t("priceLists.unsaved", { count: changes }),
      okText: t("priceLists.reset"),
      cancelText: t("console.cancel"),
      onOk: go,
    });
  };

  const save = () =>
    confirmAction(modal, t, {
      content: t("priceLists.saveConfirm", { currency }),
      action: async () => {
        await priceListsApi.save(currency, draft, loaded.updatedAt);
        void message.success(t("priceLists.saved", { currency }));
        await load(currency);
      },
    });

  const list = lists.find((l) => l.currency === currency);
  const problemsByProduct = (product: ProductCode) =>
    problems.filter((p) => p.field.startsWith(`products.${product}.`)).length;

  return (
    <div className="console-view price-list">
      <h1 className="visually-hidden">{title}</h1>
      <Panel>
        <div className="price-list__toolbar">
          <Radio.Group
            aria-label={t("priceLists.list")}
            optionType="button"
            buttonStyle="solid"
            value={currency}
            onChange={(event) => chooseList(event.target.value as string)}
            options={lists.map((l) => ({ value: l.currency, label: l.currency }))}
          />
          <div className="price-list__meta">
            <div>
              {list?.sites.length
                ? t("priceLists.soldBy", { sites: list.sites.map((s) => s.company).join(", ") })
                : t("priceLists.soldByNone")}
            </div>
            <div>
              {t("priceLists.updated", {
                at: new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(
                  new Date(loaded.updatedAt),
                ),
              })}
            </div>
          </div>
          <Can permissions={["business:catalog:edit"]}>
            <Space wrap>
              {changes ? <Tag color="warning">{t("priceLists.unsaved", { count: changes })}</Tag> : null}
              <Button disabled={!changes} onClick={reset}>
                {t("priceLists.reset")}
              </Button>
              <Button type="primary" disabled={!changes || problems.length > 0} onClick={save}>
                {t("priceLists.save")}
              </Button>
            </Space>
          </Can>
        </div>
        {canEdit ? null : (
          <Alert className="price-list__alert" type="info" showIcon message={t("priceLists.readOnly")} />
        )}
        {problems.length ? (
          <Alert
            className="price-list__alert"
            type="error"
            showIcon
            message={t("priceLists.problemCount", { count: problems.length })}
          />
        ) : null}
        <div className="price-list__minimum">
          <span>{t("priceLists.minimumAmount")}</span>
          {field("minimumAmount", draft.minimumAmount, "money", t("priceLists.minimumAmount"))}
          <span className="price-list__currency">{currency}</span>
        </div>
        <Tabs
          items={PRODUCT_CODES.map((product) => ({
            key: product,
            label: (
              <span>
                {t(`nav.products_.${product}`)}
                {problemsByProduct(product) ? (
                  <Tag color="error" className="price-list__tab-problems">
                    {problemsByProduct(product)}
                  </Tag>
                ) : null}
              </span>
            ),
            children: <PriceListProduct at={`products.${product}`} prices={draft.products[product]} field={field} />,
          }))}
        />
      </Panel>
    </div>
  );
}

import { billsOverage, type EditionPrices, type ProductPrices, QUANTITIES, REGIONS } from "@rampart/pricing";
import { Space, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import type { PriceField } from "./price-field";

interface PriceListProductProps {
  /** Where the product sits in the list ("products.ddos"): the fields' paths start with it. */
  at: string;
  prices: ProductPrices;
  field: PriceField;
}

/**
 * One product of a price list: base prices per edition and region (the overage rate per Mbps-month
 * of editions sold by bandwidth, and trial days), quantity
 * bounds and unit prices, duration discounts and the extended configuration's prices.
 */
export function PriceListProduct({ at, prices, field }: PriceListProductProps) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const editionName = (edition: EditionPrices) => t(`editions.${edition.code}`);
  const durationName = (d: { unit: "day" | "month" | "year"; count: number }) =>
    new Intl.NumberFormat(language, { style: "unit", unit: d.unit, unitDisplay: "long" }).format(d.count);
  const regionName = (region: string) => t(`priceLists.regions.${region}`);
  const quantityRows = prices.editions.flatMap((edition, e) =>
    QUANTITIES.filter((q) => edition.quantities[q]).map((q) => ({ edition, e, q, rule: edition.quantities[q]! })),
  );
  const quantityLabel = (row: (typeof quantityRows)[number], part: string) =>
    `${editionName(row.edition)} · ${t(`priceLists.quantityNames.${row.q}`)} · ${t(`priceLists.${part}`)}`;
  const extraName = (code: string) => t(`priceLists.extraNames.${code}`);

  return (
    <div className="price-list__product">
      <h3 className="price-list__heading">{t("priceLists.editions")}</h3>
      <Table
        size="small"
        pagination={false}
        rowKey={(edition) => edition.code}
        dataSource={prices.editions}
        scroll={{ x: "max-content" }}
        columns={[
          {
            title: t("priceLists.editions"),
            key: "edition",
            render: (_, edition) => (
              <Space size={4} wrap>
                <strong>{editionName(edition)}</strong>
                {edition.onRequest ? <Tag>{t("priceLists.onRequest")}</Tag> : null}
              </Space>
            ),
          },
          ...REGIONS.map((region) => ({
            title: `${regionName(region)} · ${t("priceLists.basePrice")}`,
            key: region,
            render: (_: unknown, edition: EditionPrices, e: number) =>
              edition.regions[region] === undefined ? (
                <span className="price-list__none">{t("priceLists.notSold")}</span>
              ) : (
                field(
                  `${at}.editions.${e}.regions.${region}`,
                  edition.regions[region],
                  "money",
                  `${editionName(edition)} · ${regionName(region)}`,
                )
              ),
          })),
          {
            title: t("priceLists.overageRate"),
            key: "overage",
            render: (_, edition, e) =>
              billsOverage(edition)
                ? field(
                    `${at}.editions.${e}.overageRate`,
                    edition.overageRate,
                    "money",
                    `${editionName(edition)} · ${t("priceLists.overageRate")}`,
                  )
                : "—",
          },
          {
            title: t("priceLists.trialDays"),
            key: "trial",
            render: (_, edition, e) =>
              edition.trialDays === undefined
                ? "—"
                : field(
                    `${at}.editions.${e}.trialDays`,
                    edition.trialDays,
                    "count",
                    `${editionName(edition)} · ${t("priceLists.trialDays")}`,
                  ),
          },
        ]}
      />
      {prices.editions.some(billsOverage) ? <p className="price-list__hint">{t("priceLists.overageHint")}</p> : null}
      <h3 className="price-list__heading">{t("priceLists.quantities")}</h3>
      <Table
        size="small"
        pagination={false}
        rowKey={(row) => `${row.edition.code}-${row.q}`}
        dataSource={quantityRows}
        scroll={{ x: "max-content" }}
        columns={[
          { title: t("priceLists.editions"), key: "edition", render: (_, row) => editionName(row.edition) },
          { title: t("priceLists.quantity"), key: "q", render: (_, row) => t(`priceLists.quantityNames.${row.q}`) },
          ...(["included", "min", "max", "step", "unitPrice"] as const).map((part) => ({
            title: t(`priceLists.${part}`),
            key: part,
            render: (_: unknown, row: (typeof quantityRows)[number]) =>
              field(
                `${at}.editions.${row.e}.quantities.${row.q}.${part}`,
                row.rule[part],
                part === "unitPrice" ? "money" : "count",
                quantityLabel(row, part),
              ),
          })),
        ]}
      />
      <div className="price-list__pair">
        <div>
          <h3 className="price-list__heading">{t("priceLists.durations")}</h3>
          <Table
            size="small"
            pagination={false}
            rowKey={(d) => `${d.unit}-${d.count}`}
            dataSource={prices.durations}
            columns={[
              { title: t("priceLists.duration"), key: "duration", render: (_, d) => durationName(d) },
              {
                title: t("priceLists.discount"),
                key: "discount",
                render: (_, d, i) =>
                  field(
                    `${at}.durations.${i}.discountPercent`,
                    d.discountPercent,
                    "count",
                    `${durationName(d)} · ${t("priceLists.discount")}`,
                  ),
              },
            ]}
          />
        </div>
        <div>
          <h3 className="price-list__heading">{t("priceLists.extras")}</h3>
          <Table
            size="small"
            pagination={false}
            rowKey={(x) => x.code}
            dataSource={prices.extras}
            scroll={{ x: "max-content" }}
            columns={[
              { title: t("priceLists.extra"), key: "extra", render: (_, x) => extraName(x.code) },
              {
                title: t("priceLists.unitPrice"),
                key: "price",
                render: (_, x, i) =>
                  field(
                    `${at}.extras.${i}.unitPrice`,
                    x.unitPrice,
                    "money",
                    `${extraName(x.code)} · ${t("priceLists.unitPrice")}`,
                  ),
              },
              {
                title: t("priceLists.maxUnits"),
                key: "max",
                render: (_, x, i) =>
                  field(`${at}.extras.${i}.max`, x.max, "count", `${extraName(x.code)} · ${t("priceLists.maxUnits")}`),
              },
            ]}
          />
        </div>
      </div>
    </div>
  );
}

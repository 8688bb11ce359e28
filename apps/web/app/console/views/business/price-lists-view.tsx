import { hasPermission, type PriceListView } from "@rampart/contracts";
import {
  type Catalogue,
  type CatalogueProblem,
  catalogueProblems,
  type EditionPrices,
  minorDigits,
  PRODUCT_CODES,
  type ProductCode,
  QUANTITIES,
  REGIONS,
} from "@rampart/pricing";
import { Alert, App, Button, InputNumber, Radio, Skeleton, Space, Table, Tabs, Tag } from "antd";
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Can, useGrants } from "../../../shared/auth/permissions";
import { useSiteData } from "../../../shared/branding/use-site-data";
import type { ViewProps } from "../../routing/view-props";
import { confirmAction } from "../../shell/confirm-action";
import { Panel } from "../panel";
import { useBusinessMessages } from "./business-messages";
import { type PriceList, priceListsApi } from "./price-lists-api";

/** Sets the number at a dotted path of a copy of the list ("products.ddos.editions.1.regions.mainland"). */
function withValue(catalogue: Catalogue, path: string, value: number): Catalogue {
  const next = structuredClone(catalogue);
  const keys = path.split(".");
  let node = next as unknown as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1)!] = value;
  return next;
}

/** Every number of a list by its path: to count what differs from the list as it was read. */
function numbersOf(value: unknown, path = "", out = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === "object")
    for (const [key, child] of Object.entries(value)) numbersOf(child, path ? `${path}.${key}` : key, out);
  else out.set(path, value);
  return out;
}

/**
 * Business → Prices: the price lists (one per currency), each edited in place: base prices per
 * region, quantity bounds and unit prices, duration discounts, extended configuration, the
 * minimum order. Amounts are typed in the currency's major unit and kept in minor units. The
 * engine's own checks run as one types; the server checks again and prices the next order with it.
 */
export default function PriceListsView({ title }: ViewProps) {
  const ready = useBusinessMessages();
  const { t } = useTranslation();
  const { language } = useSiteData();
  const { modal, message } = App.useApp();
  const canEdit = hasPermission(useGrants(), "business:catalog:edit");
  const [lists, setLists] = useState<PriceListView[] | null>(null);
  const [currency, setCurrency] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<PriceList | null>(null);
  const [draft, setDraft] = useState<Catalogue | null>(null);

  const load = useCallback(async (wanted: string | null) => {
    const { data } = await priceListsApi.list();
    setLists(data);
    const chosen = wanted ?? data[0]?.currency ?? null;
    setCurrency(chosen);
    if (!chosen) return;
    const detail = (await priceListsApi.read(chosen)).data;
    setLoaded(detail);
    setDraft(detail.catalogue);
  }, []);
  useEffect(() => {
    load(null).catch(() => {});
  }, [load]);

  const problems = useMemo(() => (draft ? catalogueProblems(draft) : []), [draft]);
  const problemAt = useMemo(() => new Map(problems.map((p) => [p.field, p])), [problems]);
  const changes = useMemo(() => {
    if (!draft || !loaded) return 0;
    const before = numbersOf(loaded.catalogue);
    return [...numbersOf(draft)].filter(([path, value]) => before.get(path) !== value).length;
  }, [draft, loaded]);

  if (!ready || !lists || !draft || !loaded || !currency) return <Skeleton active paragraph={{ rows: 10 }} />;

  const digits = minorDigits(currency);
  const problemText = (problem: CatalogueProblem) =>
    t(`priceLists.problems.${problem.code}`, { max: problem.params?.max ?? 0 });
  const set = (path: string) => (value: number | null) =>
    setDraft((current) => current && withValue(current, path, value ?? Number.NaN));

  /** An input for the number at `path`: money in major units, or a count; its problem beneath it. */
  const field = (path: string, value: number | undefined, kind: "money" | "count", label: string): ReactNode => {
    const problem = problemAt.get(path);
    const scale = kind === "money" ? 10 ** digits : 1;
    return (
      <div className="price-field">
        <InputNumber
          aria-label={label}
          data-path={path}
          value={value === undefined || Number.isNaN(value) ? null : value / scale}
          min={0}
          precision={kind === "money" ? digits : 0}
          disabled={!canEdit}
          status={problem ? "error" : undefined}
          onChange={(next) => set(path)(next === null ? null : Math.round(Number(next) * scale))}
          style={{ width: kind === "money" ? 140 : 100 }}
        />
        {problem ? (
          <div className="price-field__problem" role="alert">
            {problemText(problem)}
          </div>
        ) : null}
      </div>
    );
  };

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

  const editionName = (edition: EditionPrices) => t(`editions.${edition.code}`);
  const durationName = (d: { unit: "day" | "month" | "year"; count: number }) =>
    new Intl.NumberFormat(language, { style: "unit", unit: d.unit, unitDisplay: "long" }).format(d.count);
  const productTab = (product: ProductCode) => {
    const prices = draft.products[product];
    const at = `products.${product}`;
    const quantityRows = prices.editions.flatMap((edition, e) =>
      QUANTITIES.filter((q) => edition.quantities[q]).map((q) => ({ edition, e, q, rule: edition.quantities[q]! })),
    );
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
              title: `${t(`priceLists.regions.${region}`)} · ${t("priceLists.basePrice")}`,
              key: region,
              render: (_: unknown, edition: EditionPrices, e: number) =>
                edition.regions[region] === undefined ? (
                  <span className="price-list__none">{t("priceLists.notSold")}</span>
                ) : (
                  field(
                    `${at}.editions.${e}.regions.${region}`,
                    edition.regions[region],
                    "money",
                    `${editionName(edition)} · ${t(`priceLists.regions.${region}`)}`,
                  )
                ),
            })),
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
            ...(["included", "min", "max", "step"] as const).map((part) => ({
              title: t(`priceLists.${part}`),
              key: part,
              render: (_: unknown, row: (typeof quantityRows)[number]) =>
                field(
                  `${at}.editions.${row.e}.quantities.${row.q}.${part}`,
                  row.rule[part],
                  "count",
                  `${editionName(row.edition)} · ${t(`priceLists.quantityNames.${row.q}`)} · ${t(`priceLists.${part}`)}`,
                ),
            })),
            {
              title: t("priceLists.unitPrice"),
              key: "unitPrice",
              render: (_, row) =>
                field(
                  `${at}.editions.${row.e}.quantities.${row.q}.unitPrice`,
                  row.rule.unitPrice,
                  "money",
                  `${editionName(row.edition)} · ${t(`priceLists.quantityNames.${row.q}`)} · ${t("priceLists.unitPrice")}`,
                ),
            },
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
                {
                  title: t("priceLists.duration"),
                  key: "duration",
                  render: (_, d) => durationName(d),
                },
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
                { title: t("priceLists.extra"), key: "extra", render: (_, x) => t(`priceLists.extraNames.${x.code}`) },
                {
                  title: t("priceLists.unitPrice"),
                  key: "price",
                  render: (_, x, i) =>
                    field(
                      `${at}.extras.${i}.unitPrice`,
                      x.unitPrice,
                      "money",
                      `${t(`priceLists.extraNames.${x.code}`)} · ${t("priceLists.unitPrice")}`,
                    ),
                },
                {
                  title: t("priceLists.maxUnits"),
                  key: "max",
                  render: (_, x, i) =>
                    field(
                      `${at}.extras.${i}.max`,
                      x.max,
                      "count",
                      `${t(`priceLists.extraNames.${x.code}`)} · ${t("priceLists.maxUnits")}`,
                    ),
                },
              ]}
            />
          </div>
        </div>
      </div>
    );
  };

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
              <Button disabled={!changes} onClick={() => setDraft(loaded.catalogue)}>
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
            children: productTab(product),
          }))}
        />
      </Panel>
    </div>
  );
}

import type { CatalogueProblem } from "@rampart/pricing";
import { InputNumber } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A field of the price list: the number at `path`, money (in major units) or a count. */
export type PriceField = (path: string, value: number | undefined, kind: "money" | "count", label: string) => ReactNode;

interface PriceFieldOptions {
  /** The currency's minor digits: amounts are kept in minor units and typed in major ones. */
  digits: number;
  editable: boolean;
  problemAt: ReadonlyMap<string, CatalogueProblem>;
  set: (path: string, value: number | null) => void;
}

/** How the price list's inputs are drawn: each with the engine's problem with it beneath. */
export function usePriceField({ digits, editable, problemAt, set }: PriceFieldOptions): PriceField {
  const { t } = useTranslation();
  return (path, value, kind, label) => {
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
          disabled={!editable}
          status={problem ? "error" : undefined}
          onChange={(next) => set(path, next === null ? null : Math.round(Number(next) * scale))}
          style={{ width: kind === "money" ? 140 : 100 }}
        />
        {problem ? (
          <div className="price-field__problem" role="alert">
            {t(`priceLists.problems.${problem.code}`, { max: problem.params?.max ?? 0 })}
          </div>
        ) : null}
      </div>
    );
  };
}

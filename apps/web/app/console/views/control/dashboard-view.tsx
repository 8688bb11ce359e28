import type { ViewProps } from "../../routing/view-props";
import DashboardSection from "./dashboard-section";

/** Business → Dashboard (business:dashboard:view): the operator's site, or every site, in charts. */
export default function DashboardView({ title }: ViewProps) {
  return (
    <div className="console-view">
      <h1 className="control-center__title">{title}</h1>
      <DashboardSection heading={false} />
    </div>
  );
}

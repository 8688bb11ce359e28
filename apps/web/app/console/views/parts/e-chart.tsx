import { useEffect, useRef } from "react";
import { type EChartsCoreOption, echarts } from "./echarts-core";

/**
 * One ECharts chart in a div: created on mount, given each new option, resized with its box (a tab
 * shown again, the sidebar folded, a phone turned), disposed on unmount.
 */
export function EChart({ option, height = 280, label }: { option: EChartsCoreOption; height?: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const element = box.current!;
    const instance = echarts.init(element, undefined, { renderer: "canvas" });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} className="e-chart" style={{ height }} role="img" aria-label={label} />;
}

import { useEffect, useRef } from 'react';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only the chart types and parts the back office draws: `echarts/core` keeps the rest of ECharts
// out of the /crm chunk (decision 036).
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/**
 * A chart of ECharts, drawn in the browser once the page is there (the server renders its empty
 * box at its height, so nothing moves), redrawn when its option changes, sized with its box.
 */
export function Chart({ option, height = 280, label }: { option: EChartsCoreOption; height?: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = echarts.init(el);
    chart.current = instance;
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} role="img" aria-label={label} style={{ height, width: '100%' }} />;
}

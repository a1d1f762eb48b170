import { useEffect, useRef } from 'react';
import type { ECharts, EChartsCoreOption } from 'echarts/core';

/**
 * ECharts with only the chart types and parts the back office draws (`echarts/core` keeps the rest
 * out, decision 036), loaded when a chart first shows: in the browser only, never by the server,
 * whose one bundle of every page would otherwise keep ECharts (about 11 MB) in its heap.
 */
const loadEcharts = () =>
  Promise.all([
    import('echarts/core'),
    import('echarts/charts'),
    import('echarts/components'),
    import('echarts/renderers'),
  ]).then(([core, charts, components, renderers]) => {
    core.use([
      charts.BarChart,
      charts.LineChart,
      components.GridComponent,
      components.LegendComponent,
      components.TooltipComponent,
      renderers.CanvasRenderer,
    ]);
    return core;
  });

/**
 * A chart of ECharts, drawn in the browser once the page is there (the server renders its empty
 * box at its height, so nothing moves), redrawn when its option changes, sized with its box.
 */
export function Chart({ option, height = 280, label }: { option: EChartsCoreOption; height?: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const latest = useRef(option);

  useEffect(() => {
    let gone = false;
    let dispose = () => {};
    void loadEcharts().then((echarts) => {
      const el = box.current;
      if (gone || !el) return;
      const instance = echarts.init(el);
      instance.setOption(latest.current, { notMerge: true });
      chart.current = instance;
      const resize = new ResizeObserver(() => instance.resize());
      resize.observe(el);
      dispose = () => {
        resize.disconnect();
        instance.dispose();
      };
    });
    return () => {
      gone = true;
      dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // Kept for the first draw, which comes once ECharts has loaded.
    latest.current = option;
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} role="img" aria-label={label} style={{ height, width: '100%' }} />;
}

import 'uplot/dist/uPlot.min.css';

import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

import type { RatingHistoryItem } from '@/features/ratings/types/ratings';
import { chartData } from '@/features/ratings/utils/chart-data';

type RatingChartProps = { label: string; history: RatingHistoryItem[] };

const HEIGHT = 240;

/** A rating-history line chart (uPlot on a canvas), as wide as its box. */
const RatingChart = ({ label, history }: RatingChartProps) => {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const plot = new uPlot(
      {
        width: element.clientWidth || 600,
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false } },
        axes: [
          { stroke: '#64748b', label: 'Games', incrs: [1, 2, 5, 10, 20, 50, 100], values: (_, ticks) => ticks.map(String) },
          { stroke: '#64748b', size: 50 },
        ],
        series: [{}, { label, stroke: '#047857', width: 2, points: { show: history.length < 60 } }],
      },
      chartData(history),
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth || 600, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [label, history]);
  const first = history.at(-1);
  const last = history[0];
  const summary =
    first && last ? `${label} rating over ${history.length} rated games: from ${first.rating_before} to ${last.rating_after}` : label;
  return <div ref={box} role="img" aria-label={summary} data-testid="rating-chart" className="w-full" />;
};

export default RatingChart;

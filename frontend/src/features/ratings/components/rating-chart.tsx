import 'uplot/dist/uPlot.min.css';

import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

import type { RatingHistoryItem } from '@/features/ratings/types/ratings';
import { chartData } from '@/features/ratings/utils/chart-data';

type RatingChartProps = { label: string; history: RatingHistoryItem[] };

const HEIGHT = 240;

/** A rating-history line chart (uPlot on a canvas), as wide as its box. Drawn left to right
 * (oldest game first) in every language, as its axes are. */
const RatingChart = ({ label, history }: RatingChartProps) => {
  const { t } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const axisLabel = t({ message: 'Games', comment: "The rating chart's horizontal axis: the rated games, numbered." });
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
          { stroke: '#64748b', label: axisLabel, incrs: [1, 2, 5, 10, 20, 50, 100], values: (_, ticks) => ticks.map(String) },
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
  }, [label, history, axisLabel]);
  const first = history.at(-1);
  const last = history[0];
  const count = history.length;
  const from = first?.rating_before;
  const to = last?.rating_after;
  const summary =
    first && last
      ? t({
          message: plural(count, {
            one: `${label} rating over # rated games: from ${from} to ${to}`,
            other: `${label} rating over # rated games: from ${from} to ${to}`,
          }),
          comment: 'The chart in words. {label} is a speed (Blitz); {from} and {to} are ratings. (English keeps "games" for one game too.)',
        })
      : label;
  return <div ref={box} dir="ltr" role="img" aria-label={summary} data-testid="rating-chart" className="w-full" />;
};

export default RatingChart;

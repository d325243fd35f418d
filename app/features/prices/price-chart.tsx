/**
 * A produce's price trend as an SVG the server renders (decision 020): the usual price per kg
 * each week as a line, the band where most prices fall as a shaded area, weeks with too few
 * listings as gaps. role="img" with a title and a description; the same figures are in a table
 * beside it, so the chart is never the only way to read them. Every text goes through React,
 * which escapes it: a name like `<script>` is drawn as those characters.
 */
import { formatRupees } from "../../components/ui/price";

export interface ChartWeek {
  label: string;
  medianPaise: number | null;
  lowPaise: number | null;
  highPaise: number | null;
}

const WIDTH = 360;
const HEIGHT = 220;
const LEFT = 52;
const RIGHT = 12;
const TOP = 12;
const BOTTOM = 34;

export function PriceChart({
  id,
  title,
  description,
  weeks,
}: {
  id: string;
  title: string;
  description: string;
  weeks: readonly ChartWeek[];
}) {
  const figures = weeks
    .flatMap((week) => [week.lowPaise, week.highPaise, week.medianPaise])
    .filter((value): value is number => value !== null);
  const low = figures.length ? Math.min(...figures) : 0;
  const high = figures.length ? Math.max(...figures) : 100;
  const span = Math.max(high - low, 100);
  const bottomValue = Math.max(0, low - span * 0.1);
  const topValue = high + span * 0.1;
  const x = (index: number) => LEFT + ((WIDTH - LEFT - RIGHT) * index) / Math.max(weeks.length - 1, 1);
  const y = (paise: number) => TOP + (HEIGHT - TOP - BOTTOM) * (1 - (paise - bottomValue) / (topValue - bottomValue));
  // Runs of weeks with a figure: each is drawn on its own, so a gap stays a gap.
  const runs: number[][] = [];
  weeks.forEach((week, index) => {
    if (week.medianPaise === null) return;
    const last = runs.at(-1);
    if (last && last.at(-1) === index - 1) last.push(index);
    else runs.push([index]);
  });
  const ticks = [0, 0.5, 1].map((f) => bottomValue + (topValue - bottomValue) * f);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className="h-auto w-full max-w-xl"
      data-testid="price-chart"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {ticks.map((value) => (
        <g key={value}>
          <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(value)} y2={y(value)} stroke="#d6d3d1" strokeWidth="1" />
          <text x={LEFT - 6} y={y(value) + 4} textAnchor="end" fontSize="11" fill="#44403c">
            {formatRupees(Math.round(value / 100) * 100)}
          </text>
        </g>
      ))}
      {runs.map((run) => {
        const band = [
          ...run.map((i) => `${x(i)},${y(weeks[i]!.highPaise!)}`),
          ...[...run].reverse().map((i) => `${x(i)},${y(weeks[i]!.lowPaise!)}`),
        ].join(" ");
        return (
          <g key={run[0]}>
            {run.length > 1 ? (
              <polygon points={band} fill="#bbf7d0" fillOpacity="0.7" />
            ) : (
              // A week alone: its band as a short bar.
              <rect
                x={x(run[0]!) - 4}
                y={y(weeks[run[0]!]!.highPaise!)}
                width="8"
                height={Math.max(1, y(weeks[run[0]!]!.lowPaise!) - y(weeks[run[0]!]!.highPaise!))}
                fill="#bbf7d0"
              />
            )}
            <polyline
              points={run.map((i) => `${x(i)},${y(weeks[i]!.medianPaise!)}`).join(" ")}
              fill="none"
              stroke="#166534"
              strokeWidth="2.5"
            />
            {run.map((i) => (
              <circle key={i} cx={x(i)} cy={y(weeks[i]!.medianPaise!)} r="3" fill="#166534" />
            ))}
          </g>
        );
      })}
      {weeks.map((week, index) =>
        index % 3 === 0 || index === weeks.length - 1 ? (
          <text
            key={index}
            x={x(index)}
            y={HEIGHT - BOTTOM + 16}
            textAnchor={index === 0 ? "start" : index === weeks.length - 1 ? "end" : "middle"}
            fontSize="11"
            fill="#44403c"
          >
            {week.label}
          </text>
        ) : null,
      )}
    </svg>
  );
}

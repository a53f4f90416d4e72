import { barWidthPercent } from './bar-chart-scale';

export interface Bar {
  label: string;
  value: number;
  /** The value as read: "$12,345.00", "42%". */
  shown: string;
}

interface BarChartProps {
  /** Says what is measured; the figure's caption and accessible name. */
  caption: string;
  bars: readonly Bar[];
  id: string;
}

/**
 * A horizontal bar chart for the partner portals' sample content. Each bar's label
 * and value are text beside it, so the chart reads as a list to assistive technology and the
 * drawn bars (SVG, widths as attributes: no inline style for the CSP) are hidden from it.
 */
export function BarChart({ caption, bars, id }: BarChartProps) {
  const largest = Math.max(0, ...bars.map((bar) => bar.value));
  const captionId = `${id}-caption`;
  return (
    <figure className="bar-chart mb-0" aria-labelledby={captionId}>
      <figcaption id={captionId} className="small text-body-secondary mb-2">
        {caption}
      </figcaption>
      <ul className="list-unstyled mb-0">
        {bars.map((bar) => (
          <li key={bar.label} className="bar-chart-row">
            <span className="bar-chart-label">
              {bar.label}
              <span className="visually-hidden">: </span>
            </span>
            <svg className="bar-chart-bar" aria-hidden="true" focusable="false" height="14">
              <rect
                width={`${barWidthPercent(bar.value, largest)}%`}
                height="14"
                rx="2"
                fill="currentColor"
              />
            </svg>
            <span className="bar-chart-value">{bar.shown}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

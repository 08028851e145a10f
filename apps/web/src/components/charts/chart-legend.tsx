// What the chart's colours and marks mean: one entry per series, one for estimated use when a
// bucket holds some (the canvas draws those lighter and hatched), and one for a projection's band
// when a value has one (the canvas draws it as a whisker).
import { useTranslation } from 'react-i18next';
import type { ChartModel } from './chart-model';
import type { ChartKind } from './uplot-canvas';

export function ChartLegend({
  model,
  kind,
  labelId,
}: {
  model: ChartModel;
  kind: ChartKind;
  labelId: string;
}) {
  const { t } = useTranslation('charts');
  return (
    <ul className="energy-chart-legend" aria-labelledby={labelId}>
      {model.columns.map((column) => (
        <li key={column.key}>
          <span
            className="energy-chart-swatch"
            data-kind={column.draw === 'line' ? 'lines' : kind}
            data-projection={column.draw === 'projection' || undefined}
            style={{ color: column.color }}
            aria-hidden
          />
          {column.label}
        </li>
      ))}
      {model.banded && (
        <li>
          <span
            className="energy-chart-swatch"
            data-band
            style={{ color: '#343a40' }}
            aria-hidden
          />
          {t('chart.band')}
        </li>
      )}
      {model.estimated && (
        <li>
          <span
            className="energy-chart-swatch"
            data-estimated
            style={{ color: '#5c5f66' }}
            aria-hidden
          />
          {t('chart.estimated')}
        </li>
      )}
    </ul>
  );
}

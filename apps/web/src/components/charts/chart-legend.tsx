// What the chart's colours and marks mean: one entry per series, and one for estimated use when
// a bucket holds some (the canvas draws those lighter and hatched).
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
            data-kind={kind}
            style={{ color: column.color }}
            aria-hidden
          />
          {column.label}
        </li>
      ))}
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

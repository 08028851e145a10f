// The numbers of a chart as a table: what a screen reader reads, what a user copies into a
// spreadsheet, and the chart's fallback where a canvas cannot be drawn.
import { Table, Text, VisuallyHidden } from '@mantine/core';
import type { Language } from '@portal/contracts/domain';
import type { Resolution } from '@portal/contracts/periods';
import { useTranslation } from 'react-i18next';
import { formatMeasureValue } from '../../lib/format';
import { ScrollingTable } from '../scrolling-table';
import { type ChartModel, formatBandValues, formatCellValue } from './chart-model';

/** Below this width a table of several series scrolls inside its box, never the page. */
const SCROLL_FROM_PX = 420;

export function ChartTable({
  model,
  title,
  resolution,
  language,
}: {
  model: ChartModel;
  title: string;
  resolution: Resolution;
  language: Language;
}) {
  const { t } = useTranslation('charts');
  const caption = t('table.caption', { title, resolution: t(`resolution.${resolution}`) });
  return (
    <>
      <ScrollingTable label={caption} minWidth={model.columns.length > 1 ? SCROLL_FROM_PX : 0}>
        <Table className="energy-chart-table" striped captionSide="top">
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('table.time')}</Table.Th>
              {model.columns.map((column) => (
                <Table.Th key={column.key} scope="col" ta="right">
                  {column.label} ({column.unit})
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {model.rows.map((row, index) => (
              <Table.Tr key={row.start || index}>
                <Table.Th scope="row" fw="normal">
                  {row.label}
                </Table.Th>
                {model.columns.map((column) => (
                  <Table.Td key={column.key}>
                    {formatCellValue(column, index, language) ?? '–'}
                    {column.bands[index] && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        ({t('table.band', formatBandValues(column, index, language) ?? {})})
                      </Text>
                    )}
                    {column.ownLabels[index] && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        ({column.ownLabels[index]})
                      </Text>
                    )}
                    {column.estimated[index] && (
                      <>
                        <span aria-hidden>*</span>
                        <VisuallyHidden> ({t('chart.estimatedShort')})</VisuallyHidden>
                      </>
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">{t('table.total')}</Table.Th>
              {model.columns.map((column) => (
                <Table.Td key={column.key} fw={600}>
                  {column.total === null
                    ? '–'
                    : formatMeasureValue(column.total, language, column.fractionDigits)}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollingTable>
      {model.estimated && (
        <Text size="xs" c="dimmed">
          {t('table.estimatedMark')}
        </Text>
      )}
    </>
  );
}

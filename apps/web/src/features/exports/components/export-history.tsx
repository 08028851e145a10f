// A property's exports, newest first, a page at a time (DESIGN §4.4 "Export"): which areas, from,
// to, the types, a row per what, the format, when and by whom, its rows and size, and its file —
// a progress bar while it is being made, 'Download' once ready. On a wide screen a table; on a
// phone each export is a card of the same facts, as a table of eleven columns would scroll away
// from its Download button. Files are removed after EXPORT_KEPT_DAYS days, which is said above.
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { EXPORT_KEPT_DAYS, type Export } from '@portal/contracts/exports';
import type { Property } from '@portal/contracts/properties';
import { useTranslation } from 'react-i18next';
import { itemsOf } from '../../../api/pages';
import { QueryState } from '../../../components/query-state';
import { ScrollingTable } from '../../../components/scrolling-table';
import { ShowMore } from '../../../components/show-more';
import { BREAK_LONG_WORDS, UNSTYLED_LIST } from '../../../components/text-styles';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useGetExportsInfiniteQuery } from '../api/exports-api';
import { useExportTexts } from '../model/export-texts';
import { ExportFile } from './export-file';

/** Narrower than this (62em, Mantine's `md`), each export is a card. */
export const HISTORY_TABLE_FROM = '(min-width: 62em)';
/** The table's columns need about this much (their texts wrap); narrower, it scrolls. */
const TABLE_MIN_WIDTH = 880;

const COLUMNS = [
  'areas',
  'from',
  'to',
  'types',
  'resolution',
  'style',
  'time',
  'who',
  'rows',
  'size',
] as const;
type Column = (typeof COLUMNS)[number];

/** Each column's text of an export. */
function useCells(timeZone: string) {
  const { t } = useTranslation('exports');
  const texts = useExportTexts(timeZone);
  return (item: Export): Record<Column, string> => ({
    areas: texts.areas(item),
    from: texts.date(item.from),
    to: texts.date(item.to),
    types: texts.types(item),
    resolution: t(`resolution.${item.resolution}`),
    style: t(`style.${item.style}`),
    time: texts.time(item.time),
    who: texts.who(item),
    rows: texts.rows(item),
    size: texts.size(item),
  });
}

function HistoryTable({ items, timeZone }: { items: Export[]; timeZone: string }) {
  const { t } = useTranslation('exports');
  const cells = useCells(timeZone);
  const numeric = (column: Column) => column === 'rows' || column === 'size';
  /** Numbers stay on one line; the rest wraps between words (never inside a name). */
  const oneLine = numeric;
  return (
    <ScrollingTable label={t('history.table')} minWidth={TABLE_MIN_WIDTH}>
      <Table verticalSpacing="sm" horizontalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column} ta={numeric(column) ? 'right' : undefined}>
                {t(`history.columns.${column}`)}
              </Table.Th>
            ))}
            <Table.Th>{t('history.columns.file')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const shown = cells(item);
            return (
              <Table.Tr key={item.id}>
                {COLUMNS.map((column) => (
                  <Table.Td
                    key={column}
                    ta={numeric(column) ? 'right' : undefined}
                    style={
                      oneLine(column) ? { whiteSpace: 'nowrap' } : { overflowWrap: 'break-word' }
                    }
                  >
                    {column === 'time' ? (
                      <time dateTime={item.time}>{shown.time}</time>
                    ) : (
                      shown[column]
                    )}
                  </Table.Td>
                ))}
                <Table.Td>
                  <ExportFile item={item} timeZone={timeZone} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollingTable>
  );
}

/** One export as a card: what it holds above, its file below. */
function HistoryCards({ items, timeZone }: { items: Export[]; timeZone: string }) {
  const { t } = useTranslation('exports');
  const cells = useCells(timeZone);
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={UNSTYLED_LIST}>
      {items.map((item) => {
        const shown = cells(item);
        return (
          <Card key={item.id} component="li" withBorder padding="sm">
            <Stack gap="xs">
              <Text fw={600} style={BREAK_LONG_WORDS}>
                {shown.areas}
              </Text>
              <Stack component="dl" gap={2} m={0}>
                {COLUMNS.filter((column) => column !== 'areas').map((column) => (
                  <Text key={column} component="div" size="sm" style={BREAK_LONG_WORDS}>
                    <Text component="dt" span c="dimmed" size="sm" display="inline">
                      {t(`history.columns.${column}`)}:
                    </Text>{' '}
                    <Text component="dd" span size="sm" display="inline" m={0}>
                      {column === 'time' ? (
                        <time dateTime={item.time}>{shown.time}</time>
                      ) : (
                        shown[column]
                      )}
                    </Text>
                  </Text>
                ))}
              </Stack>
              <ExportFile item={item} timeZone={timeZone} />
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}

export function ExportHistory({ property }: { property: Property }) {
  const { t, i18n } = useTranslation('exports');
  const { t: common } = useTranslation();
  const wide = useMediaQuery(HISTORY_TABLE_FROM, false, { getInitialValueInEffect: false });
  const history = useGetExportsInfiniteQuery(property.id);
  const items = itemsOf(history.data);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="export-history-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id="export-history-title">
            {t('history.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('history.kept', { days: formatNumber(EXPORT_KEPT_DAYS, currentLanguage(i18n)) })}
          </Text>
        </Stack>
        <QueryState
          queries={[history]}
          failed={{ title: common('common.somethingWentWrong'), text: t('history.loadFailed') }}
        >
          {() =>
            items.length === 0 ? (
              <Text size="sm">{t('history.empty')}</Text>
            ) : (
              <Stack gap="sm">
                {wide ? (
                  <HistoryTable items={items} timeZone={property.timeZone} />
                ) : (
                  <HistoryCards items={items} timeZone={property.timeZone} />
                )}
                <ShowMore pages={history} label={t('history.more')} />
              </Stack>
            )
          }
        </QueryState>
      </Stack>
    </Card>
  );
}

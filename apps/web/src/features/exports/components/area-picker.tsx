// The areas of an export chosen one by one: a searchable multi-select that asks the API (a property
// may have 5 000 areas; the list is searched and paged there, never loaded whole). What is typed is
// sent once typing pauses; the first page of matches is offered, and the names of the areas chosen
// are kept here, so a chosen area keeps its name when a later search no longer finds it.
import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import type { Area } from '@portal/contracts/areas';
import { EXPORT_MAX_AREAS } from '@portal/contracts/exports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetAreasInfiniteQuery } from '../../../api/areas';
import { itemsOf } from '../../../api/pages';
import { useAreaLabel } from '../../../lib/area-name';

/** Typing waits this long before the API is asked: one request for a word, not one a letter. */
export const AREA_SEARCH_DELAY_MS = 300;

/** The API has searched already: every option it gave is shown as it is. */
const asAnswered: MultiSelectProps['filter'] = ({ options }) => options;

export function AreaPicker({
  propertyId,
  inputProps,
}: {
  propertyId: string;
  /** The form's props for the field (its value, change handler and error). */
  inputProps: GetInputPropsReturnType;
}) {
  const { t } = useTranslation('exports');
  const label = useAreaLabel();
  const [search, setSearch] = useState('');
  const [asked] = useDebouncedValue(search.trim(), AREA_SEARCH_DELAY_MS);
  const areas = useGetAreasInfiniteQuery({ propertyId, q: asked || undefined });
  /** The names of the areas chosen, by id. */
  const [chosen, setChosen] = useState<Map<string, string>>(() => new Map());

  const found: Area[] = itemsOf(areas.data);
  const options = [
    ...[...chosen].map(([value, name]) => ({ value, label: name })),
    ...found
      .filter((area) => !chosen.has(area.id))
      .map((area) => ({ value: area.id, label: label(area) })),
  ];

  function change(ids: string[]) {
    setChosen((before) => {
      const names = new Map(found.map((area) => [area.id, label(area)]));
      return new Map(ids.map((id) => [id, before.get(id) ?? names.get(id) ?? id]));
    });
    inputProps.onChange(ids);
  }

  let description = t('form.areas.someDescription');
  if (areas.isError) description = t('form.areas.searchFailed');
  else if (areas.hasNextPage) description = t('form.areas.moreHint', { count: found.length });

  return (
    <MultiSelect
      {...inputProps}
      onChange={change}
      label={t('form.areas.someLabel')}
      description={description}
      placeholder={t('form.areas.somePlaceholder')}
      data={options}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={asAnswered}
      hidePickedOptions
      maxValues={EXPORT_MAX_AREAS}
      nothingFoundMessage={areas.isFetching ? undefined : t('form.areas.nothingFound')}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

// A problem of an import line in words of the language shown: the field's label and the code's
// message with the bound it names. A code or field this client does not know (a newer server)
// is still shown, in general words or as the API names it.

import { DEVICE_NAME_MAX_LENGTH } from '@portal/contracts/device-ids';
import { type ImportProblem, MAX_IMPORT_LINES } from '@portal/contracts/devices';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type en from '../../../locales/en/devices.json';

type ProblemCode = keyof typeof en.import.problems;
type Field = keyof typeof en.import.fields;

const PROBLEM_CODES = new Set<string>([
  'file-empty',
  'file-unreadable',
  'too-many-lines',
  'type-unknown',
  'id-missing',
  'id-too-long',
  'id-mismatch',
  'id-repeated',
  'id-taken',
  'name-too-long',
  'role-unknown',
  'role-not-for-type',
  'gateway-required',
] satisfies ProblemCode[]);
const FIELDS = new Set<string>([
  'file',
  'deviceType',
  'idNumber',
  'name',
  'role',
] satisfies Field[]);

/** Whether the problem is the whole file's (empty, unreadable, too long) rather than a line's. */
export const isFileProblem = (problem: ImportProblem) => problem.field === 'file';

export function useImportProblemText() {
  const { t, i18n } = useTranslation('devices');
  const language = currentLanguage(i18n);
  return useCallback(
    (problem: ImportProblem) => ({
      field: FIELDS.has(problem.field)
        ? t(`import.fields.${problem.field as Field}`)
        : problem.field,
      message: PROBLEM_CODES.has(problem.code)
        ? t(`import.problems.${problem.code as ProblemCode}`, {
            max: formatNumber(
              problem.code === 'too-many-lines' ? MAX_IMPORT_LINES : DEVICE_NAME_MAX_LENGTH,
              language,
            ),
          })
        : t('import.problemUnknown'),
    }),
    [t, language],
  );
}

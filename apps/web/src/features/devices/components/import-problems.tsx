// Every problem of an import, as the preview (or a refused import) names them: the whole file's in
// an alert, each line's as a row of line, field and message, marked in red and in words, so the
// mark does not rest on colour alone.
import { Alert, Badge, Stack, Table, Text, Title } from '@mantine/core';
import type { ImportProblem } from '@portal/contracts/devices';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { isFileProblem, useImportProblemText } from '../model/import-problem-text';

export function ImportProblems({ problems }: { problems: ImportProblem[] }) {
  const { t, i18n } = useTranslation('devices');
  const textOf = useImportProblemText();
  if (problems.length === 0) return null;
  const whole = problems.filter(isFileProblem);
  const lines = problems.filter((problem) => !isFileProblem(problem));
  return (
    <Stack gap="sm">
      {whole.map((problem) => (
        <Alert key={problem.code} color="red" role="alert" title={t('import.fileProblemTitle')}>
          {textOf(problem).message}
        </Alert>
      ))}
      {lines.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4" c="red.9" id="import-problems">
            {t('import.problemsTitle', {
              count: problems.length,
              formatted: formatNumber(problems.length, currentLanguage(i18n)),
            })}
          </Title>
          <Table.ScrollContainer minWidth={480}>
            <Table aria-labelledby="import-problems" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('import.line')}</Table.Th>
                  <Table.Th>{t('import.field')}</Table.Th>
                  <Table.Th>{t('import.problem')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((problem) => {
                  const { field, message } = textOf(problem);
                  return (
                    <Table.Tr key={`${problem.line}-${problem.field}-${problem.code}`}>
                      {/* A line number is the spreadsheet's row: never grouped. */}
                      <Table.Td>{problem.line}</Table.Td>
                      <Table.Td>{field}</Table.Td>
                      <Table.Td>
                        <Text size="sm" c="red.9">
                          <Badge color="red" variant="light" mr="xs">
                            {t('import.problemMark')}
                          </Badge>
                          {message}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Stack>
  );
}

import { constants, messages, type SearchTermsImportAnswer } from '@keywright/contract';
import { Alert, Button, Card, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { FileDropzone, UploadProgressBar } from '@/components/file-dropzone/file-dropzone';
import { errorMessage, isUnauthorized } from '@/lib/api-error';
import type { UploadProgress } from '@/lib/upload';
import { useImportSearchTerms } from '../api/import-search-terms';
import { formatDateRange } from '../money';
import classes from './search-terms.module.css';

const MAX_BYTES = constants.keywordPlannerImport.maxBytes;
const accept: Record<string, string[]> = {
  'text/csv': ['.csv'],
  'text/tab-separated-values': ['.tsv'],
  'application/vnd.ms-excel': ['.csv'],
};

interface RefusedFile {
  errors: ReadonlyArray<{ code: string }>;
}

/** What to say about the dropped files: null when there is exactly one to import. */
function checkFiles(accepted: readonly File[], refused: readonly RefusedFile[]): string | null {
  if (accepted.length + refused.length > 1) return messages.searchTermsOneFile;
  const codes = refused.flatMap((file) => file.errors.map((error) => error.code));
  if (codes.includes('file-too-large')) return messages.searchTermsTooLarge;
  if (codes.length > 0 || accepted.length === 0) return messages.searchTermsFileRequired;
  return (accepted[0]?.size ?? 0) > MAX_BYTES ? messages.searchTermsTooLarge : null;
}

/** What the import did: terms stored and skipped, the first skips with why, the date range and currency. */
export function SearchTermsImportSummary({ answer }: { answer: SearchTermsImportAnswer }) {
  const skipsTitleId = useId();
  const range = formatDateRange(answer.startDate, answer.endDate);
  return (
    <Stack gap="sm">
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
        <Text size="sm" fw={600}>
          {messages.searchTermsImported(answer.stored, answer.skipped)}
        </Text>
        <Text size="sm" mt={4}>
          {range ? messages.searchTermsReportRange(range) : messages.searchTermsNoRange}
          {' · '}
          {answer.currency ? messages.searchTermsCurrency(answer.currency) : messages.searchTermsNoCurrency}
        </Text>
      </Alert>
      {answer.skips.length > 0 && (
        <Stack gap={6}>
          <Title order={3} size="h6" id={skipsTitleId}>
            {messages.searchTermsSkippedRows}
            {answer.skipped > answer.skips.length && (
              <Text span size="xs" c="dimmed" fw={400}>
                {' '}
                {messages.searchTermsFirstSkips(answer.skips.length, answer.skipped)}
              </Text>
            )}
          </Title>
          <ScrollArea.Autosize mah={200} type="auto" offsetScrollbars="y" className={classes.skips}>
            <Table aria-labelledby={skipsTitleId} verticalSpacing={4} horizontalSpacing="sm" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th ta="right">{messages.searchTermsLine}</Table.Th>
                  <Table.Th>{messages.searchTermsColumnTerm}</Table.Th>
                  <Table.Th>{messages.searchTermsReason}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {answer.skips.map((skip) => (
                  <Table.Tr key={`${skip.line}-${skip.reason}`}>
                    <Table.Td ta="right" className={classes.line}>
                      {skip.line}
                    </Table.Td>
                    <Table.Td className={classes.term}>{skip.term || messages.searchTermsBlank}</Table.Td>
                    <Table.Td>{skip.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The report's upload: drop or choose one file, Import report, then what was done. A new report
 * replaces the project's terms; the card below shows them.
 */
export function SearchTermsImport({ projectId, hasReport }: { projectId: number; hasReport: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [answer, setAnswer] = useState<SearchTermsImportAnswer | null>(null);
  const importReport = useImportSearchTerms();
  const isBusy = importReport.isPending;
  const titleId = useId();
  const hintId = useId();

  const choose = (accepted: File[], refused: RefusedFile[]) => {
    const reason = checkFiles(accepted, refused);
    setProblem(reason);
    setFile(reason ? null : (accepted[0] ?? null));
  };

  const handleImport = () => {
    if (!file) return setProblem(messages.searchTermsFileRequired);
    setProblem(null);
    setAnswer(null);
    setProgress({ loaded: 0, total: 0 });
    importReport.mutate(
      { projectId, file, onProgress: setProgress },
      {
        onSuccess: (imported) => {
          setAnswer(imported);
          setFile(null);
        },
        onError: (error) => {
          if (!isUnauthorized(error)) setProblem(errorMessage(error, messages.searchTermsFailedToImport));
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Card component="section" aria-labelledby={titleId} mb="lg" padding="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id={titleId}>
            {hasReport ? messages.searchTermsImportAgainTitle : messages.searchTermsImportTitle}
          </Title>
          <Text size="sm" c="dimmed" id={hintId}>
            {messages.searchTermsImportHint}
          </Text>
        </Stack>
        <FileDropzone
          title={messages.searchTermsDropTitle}
          hint={messages.searchTermsDropHint(Math.round(MAX_BYTES / 1024 / 1024))}
          onDropAny={choose}
          accept={accept}
          maxSize={MAX_BYTES}
          multiple={false}
          disabled={isBusy}
          inputProps={{ 'aria-label': messages.searchTermsFileLabel, 'aria-describedby': hintId }}
          actions={
            <Button leftSection={<IconUpload size={16} />} onClick={handleImport} loading={isBusy} disabled={!file}>
              {messages.searchTermsImportButton}
            </Button>
          }
        />
        {file && (
          <Group gap="xs" wrap="nowrap">
            <IconFileSpreadsheet size={18} aria-hidden color="var(--mantine-color-teal-7)" style={{ flex: 'none' }} />
            <Text size="sm" fw={500} className={classes.fileName}>
              {file.name}
            </Text>
          </Group>
        )}
        {progress && (
          <Stack gap={6} role="status">
            <UploadProgressBar
              progress={progress}
              sendingLabel={messages.searchTermsUploading}
              readingLabel={messages.searchTermsReading}
            />
          </Stack>
        )}
        {problem && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {problem}
          </Alert>
        )}
        {answer && <SearchTermsImportSummary answer={answer} />}
      </Stack>
    </Card>
  );
}

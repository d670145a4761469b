import { constants, messages, type SearchConsoleImportAnswer } from '@keywright/contract';
import { Alert, Button, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileZip, IconUpload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { FileDropzone, UploadProgressBar } from '@/components/file-dropzone/file-dropzone';
import { errorMessage, isUnauthorized } from '@/lib/api-error';
import type { UploadProgress } from '@/lib/upload';
import { useImportSearchConsole } from '../api/import-search-console';
import { formatCount } from '../search-console-format';
import classes from './search-console.module.css';

const maxBytes = constants.keywordPlannerImport.maxBytes;
const maxMegabytes = Math.round(maxBytes / 1024 / 1024);

/** The Performance report's export: its ZIP, or Queries.csv. Browsers name their types variously: the extension counts. */
const accept: Record<string, string[]> = {
  'application/zip': ['.zip'],
  'application/x-zip-compressed': ['.zip'],
  'text/csv': ['.csv'],
  'application/vnd.ms-excel': ['.csv'],
};

interface RefusedFile {
  errors: ReadonlyArray<{ code: string }>;
}

/** What to say about the files a person dropped: null when there is exactly one to upload. */
function checkFiles(accepted: readonly File[], refused: readonly RefusedFile[]): string | null {
  if (accepted.length + refused.length > 1) return messages.searchConsoleOneFile;
  const codes = refused.flatMap((file) => file.errors.map((error) => error.code));
  if (codes.includes('file-too-large')) return messages.searchConsoleTooLarge;
  if (codes.length > 0 || accepted.length === 0) return messages.searchConsoleFileRequired;
  return null;
}

/** What the upload did: the counts and the first rows it skipped, with why. */
function UploadSummary({ answer }: { answer: SearchConsoleImportAnswer }) {
  const skipsTitleId = useId();
  const { skips } = answer;
  return (
    <Stack gap="sm">
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
        <Text size="sm" fw={600}>
          {messages.searchConsoleUploaded(answer.stored, answer.skipped)}
        </Text>
        <Text size="sm" mt={2}>
          {messages.searchConsoleUploadRead(answer.read)}
        </Text>
      </Alert>
      {skips.length > 0 && (
        <Stack gap={6}>
          <Title order={3} size="h6" id={skipsTitleId}>
            {messages.searchConsoleSkippedRows}
            {answer.skipped > skips.length && (
              <Text span size="xs" c="dimmed" fw={400}>
                {' '}
                {messages.searchConsoleSkippedFirst(skips.length, answer.skipped)}
              </Text>
            )}
          </Title>
          <ScrollArea.Autosize mah={200} type="auto" offsetScrollbars="y" className={classes.skips}>
            <Table aria-labelledby={skipsTitleId} stickyHeader verticalSpacing={4} horizontalSpacing="sm" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th ta="right">{messages.searchConsoleSkipLine}</Table.Th>
                  <Table.Th>{messages.searchConsoleSkipQuery}</Table.Th>
                  <Table.Th>{messages.searchConsoleSkipReason}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {skips.map((skip) => (
                  <Table.Tr key={`${skip.line}-${skip.reason}`}>
                    <Table.Td ta="right" className={classes.line}>
                      {formatCount(skip.line)}
                    </Table.Td>
                    <Table.Td className={classes.wrapAnywhere}>
                      {skip.query || (
                        <Text span size="sm" c="dimmed">
                          {messages.searchConsoleBlankQuery}
                        </Text>
                      )}
                    </Table.Td>
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
 * Upload the Performance report's export (for people without an OAuth client, or instead of
 * it): one file, with progress, then what was stored and skipped, or the server's refusal.
 */
export function UploadSection({ projectId }: { projectId: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [answer, setAnswer] = useState<SearchConsoleImportAnswer | null>(null);
  const upload = useImportSearchConsole(projectId);
  const isBusy = upload.isPending;
  const hintId = useId();

  const choose = (accepted: File[], refused: RefusedFile[]) => {
    const reason = checkFiles(accepted, refused);
    setAnswer(null);
    setProblem(reason);
    setFile(reason ? null : (accepted[0] ?? null));
  };

  const handleUpload = () => {
    if (!file) {
      setProblem(messages.searchConsoleFileRequired);
      return;
    }
    setProblem(null);
    setProgress({ loaded: 0, total: 0 });
    upload.mutate(
      { projectId, file, onProgress: setProgress },
      {
        onSuccess: (uploaded) => {
          setAnswer(uploaded);
          setFile(null);
        },
        onError: (error) => {
          if (!isUnauthorized(error)) setProblem(errorMessage(error, messages.failedToUploadSearchConsole));
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Stack gap="sm">
      {answer ? (
        <>
          <UploadSummary answer={answer} />
          <Group>
            <Button variant="default" onClick={() => setAnswer(null)}>
              {messages.uploadAnotherFile}
            </Button>
          </Group>
        </>
      ) : (
        <>
          <Text size="sm" c="dimmed" id={hintId}>
            {messages.searchConsoleUploadHint}
          </Text>
          <FileDropzone
            title={messages.searchConsoleDropTitle}
            hint={messages.searchConsoleDropAccepts(maxMegabytes)}
            onDropAny={choose}
            accept={accept}
            maxSize={maxBytes}
            multiple={false}
            disabled={isBusy}
            inputProps={{ 'aria-label': messages.searchConsoleFileLabel, 'aria-describedby': hintId }}
          />
          {file && (
            <Group gap="xs" wrap="nowrap" className={classes.chosen}>
              <IconFileZip size={18} aria-hidden className={classes.fileIcon} />
              <Text size="sm" fw={500} className={classes.wrapAnywhere}>
                {file.name}
              </Text>
            </Group>
          )}
          {progress && (
            <Stack gap={6} role="status">
              <UploadProgressBar
                progress={progress}
                sendingLabel={messages.searchConsoleUploading}
                readingLabel={messages.searchConsoleReading}
              />
            </Stack>
          )}
          <Group justify="flex-end">
            <Button leftSection={<IconUpload size={16} />} onClick={handleUpload} loading={isBusy} disabled={!file}>
              {messages.searchConsoleUploadButton}
            </Button>
          </Group>
        </>
      )}
      {problem && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}

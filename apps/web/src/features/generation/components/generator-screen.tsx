import type { Project } from '@keywright/contract';
import { Alert, Card, Grid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconListSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { useGenerationJob, type GenerationState } from '../hooks/use-generation-job';
import { useSameNamePrompt } from '../hooks/use-same-name-prompt';
import { GenerationProgressCard } from './generation-progress-card';
import { GenerationResultsCard } from './generation-results-card';
import { DocumentImportCard } from './document-import-card';
import { GeneratorForm, type GeneratorFormHandle } from './generator-form';
import { SameNameDialog } from './same-name-dialog';
import classes from './generator.module.css';

/**
 * The keyword generator: the project form on the left, the job on the right
 * (below on narrow screens). `project` is the one from ?projectId, if any.
 */
export function GeneratorScreen({
  project,
  isProjectLoading,
  onNewGeneration,
}: {
  project: Project | null;
  isProjectLoading: boolean;
  onNewGeneration: () => void;
}) {
  const { state, start, reset } = useGenerationJob();
  const sameName = useSameNamePrompt(start);
  const [formKey, setFormKey] = useState(0);
  const formRef = useRef<GeneratorFormHandle>(null);

  // On a phone the job's card sits below the form: bring it into view when the job moves on.
  const panelRef = useRef<HTMLDivElement>(null);
  const status = state.status;
  const lastStatus = useRef(status);
  useEffect(() => {
    if (lastStatus.current === status) return;
    lastStatus.current = status;
    const panel = panelRef.current;
    if (status === 'idle' || !panel) return;
    const { top } = panel.getBoundingClientRect();
    if (top > window.innerHeight - 120 || top < 0) panel.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [status]);

  const handleNewGeneration = () => {
    reset();
    setFormKey((key) => key + 1);
    onNewGeneration();
  };

  return (
    <>
      <PageHeader title="Keyword Generation" description="Describe your project and get keyword ideas in seconds" />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <DocumentImportCard formRef={formRef} disabled={isProjectLoading || state.status === 'pending'} />
            {isProjectLoading ? (
              <FormSkeleton />
            ) : (
              <GeneratorForm
                key={`${formKey}-${project?.id ?? 'new'}`}
                project={project}
                isPending={state.status === 'pending'}
                onStart={sameName.startOrAsk}
                ref={formRef}
              />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }} ref={panelRef} className={classes.panel}>
          <GenerationPanel state={state} onNewGeneration={handleNewGeneration} />
        </Grid.Col>
      </Grid>
      <SameNameDialog
        prompt={sameName.prompt}
        onAddToExisting={sameName.addToExisting}
        onCreateNew={sameName.createNew}
        onCancel={sameName.cancel}
      />
    </>
  );
}

function GenerationPanel({ state, onNewGeneration }: { state: GenerationState; onNewGeneration: () => void }) {
  switch (state.status) {
    case 'pending':
      return <GenerationProgressCard projectName={state.projectName} progress={state.progress} />;
    case 'completed':
      return (
        <GenerationResultsCard
          job={state.job}
          keywords={state.keywords}
          notice={state.notice}
          onNewGeneration={onNewGeneration}
        />
      );
    case 'failed':
      return (
        <Stack gap="lg">
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {state.message}
          </Alert>
          <ResultsPlaceholder />
        </Stack>
      );
    default:
      return <ResultsPlaceholder />;
  }
}

function ResultsPlaceholder() {
  return (
    <Card py={48} className={classes.placeholder}>
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
          <IconListSearch size={26} />
        </ThemeIcon>
        <Title order={2} size="h3">
          Your keywords will appear here
        </Title>
        <Text c="dimmed" size="sm" maw={400}>
          Fill in the project details and press Start. The new keywords are saved to the project, ready to review.
        </Text>
      </Stack>
    </Card>
  );
}

function FormSkeleton() {
  return (
    <Card role="status" aria-label="Loading project">
      <Stack gap="md">
        <Skeleton height={22} width="45%" />
        <Skeleton height={14} width="60%" />
        {[0, 1, 2, 3, 4].map((row) => (
          <Stack key={row} gap={6}>
            <Skeleton height={12} width={110} />
            <Skeleton height={36} />
          </Stack>
        ))}
        <Skeleton height={42} mt="xs" />
      </Stack>
    </Card>
  );
}

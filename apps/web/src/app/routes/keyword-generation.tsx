import { messages } from '@keywright/contract';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { GeneratorScreen } from '@/features/generation/components/generator-screen';
import { projectQueryOptions, useProject } from '@/components/project-select/api/get-project';
import { isUnauthorized } from '@/lib/api-error';
import { parseId } from '@/lib/ids';
import { notifyError } from '@/lib/notify';
import { driveStatusQueryOptions } from '@/features/generation/api/google-drive';
import type { ScreenContext } from '../router';

/** The Google Drive connection, and the project the address names, if any. */
export function prepare({ queryClient, searchParams }: ScreenContext) {
  const projectId = parseId(searchParams.get('projectId'));
  return Promise.all([
    queryClient.ensureQueryData(driveStatusQueryOptions()),
    projectId !== null && queryClient.ensureQueryData(projectQueryOptions(projectId)),
  ]);
}

/** /, /keyword-generation and /keyword-generator?projectId={id}: the generator, filled from the project if given. */
export default function KeywordGenerationRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const projectParam = searchParams.get('projectId');
  const projectId = parseId(projectParam);
  const projectQuery = useProject(projectId);

  const isUnreadable = projectParam !== null && projectId === null;
  const { error } = projectQuery;
  const hasFailed = isUnreadable || (error !== null && !isUnauthorized(error));
  // SPEC 8: a project that cannot be loaded says so; the screen then works as for a new project.
  useEffect(() => {
    if (hasFailed) notifyError(messages.failedToLoadProjectData);
  }, [hasFailed, projectParam]);

  return (
    <>
      <DocumentTitle prefix="Keyword Generation" />
      <GeneratorScreen
        project={projectQuery.data ?? null}
        isProjectLoading={projectId !== null && projectQuery.isPending}
        onNewGeneration={() => {
          if (projectParam !== null) setSearchParams({}, { replace: true });
        }}
      />
    </>
  );
}

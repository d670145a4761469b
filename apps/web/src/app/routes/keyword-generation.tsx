import { messages } from '@keywright/contract';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { GeneratorScreen } from '@/features/generation/components/generator-screen';
import { useProject } from '@/features/projects/api/get-project';
import { isUnauthorized } from '@/lib/api-error';
import { parseId } from '@/lib/ids';
import { notifyError } from '@/lib/notify';

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

import { messages, type Project } from '@keywright/contract';
import { Anchor, Box, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useSearchTerms } from '../api/get-search-terms';
import { useSearchTermsView } from '../hooks/use-search-terms-view';
import { NegativeSuggestionsCard } from './negative-suggestions-card';
import { SearchTermsCard } from './search-terms-card';
import { SearchTermsImport } from './search-terms-import';

/** A project's search terms: the report's upload, then its terms, paged, filtered and sorted by the server. */
export function SearchTermsScreen({ project }: { project: Project }) {
  const view = useSearchTermsView();
  const terms = useSearchTerms(project.id, view.query);
  return (
    <>
      <Anchor
        component={Link}
        to={`/projects/${project.id}/keywords`}
        size="sm"
        fw={500}
        mb="sm"
        display="inline-block"
      >
        <Group gap={6} component="span" wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden />
          {messages.searchTermsBackToKeywords}
        </Group>
      </Anchor>
      <PageHeader
        title={`${messages.searchTermsTitle} - ${project.name}`}
        description={messages.searchTermsDescription}
      />
      <SearchTermsImport projectId={project.id} hasReport={Boolean(terms.data?.report)} />
      {terms.data?.report && (
        <Box mb="lg">
          <NegativeSuggestionsCard projectId={project.id} />
        </Box>
      )}
      <SearchTermsCard
        projectId={project.id}
        view={view}
        data={terms.data}
        isPending={terms.isPending}
        isFetching={terms.isFetching}
        isError={terms.isError}
        onRetry={() => void terms.refetch()}
      />
    </>
  );
}

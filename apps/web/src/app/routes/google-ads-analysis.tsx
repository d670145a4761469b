import { useMutationState } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AnalysisScreen } from '@/features/analysis/components/analysis-screen';
import { importSearchTerms, type SearchTermsImportInput } from '@/features/search-terms/api/import-search-terms';
import { SearchTermsImport } from '@/features/search-terms/components/search-terms-import';
import { projectsQueryOptions } from '@/components/project-select/api/get-projects';
import type { ScreenContext } from '../router';

/** The projects, for the project selector. */
export const prepare = ({ queryClient }: ScreenContext) => queryClient.ensureQueryData(projectsQueryOptions);

/**
 * The Search terms screen's own upload, for the analysis page's Import search terms report: it
 * says when a report of the project went in since it opened (its import call succeeded).
 */
function AnalysisSearchTermsImport({ projectId, onImported }: { projectId: number; onImported: () => void }) {
  const [openedAt] = useState(() => Date.now());
  const imported = useMutationState({
    filters: {
      status: 'success',
      predicate: (mutation) =>
        mutation.options.mutationFn === importSearchTerms &&
        (mutation.state.variables as SearchTermsImportInput | undefined)?.projectId === projectId &&
        mutation.state.submittedAt >= openedAt,
    },
    select: (mutation) => mutation.state.submittedAt,
  });
  const isImported = imported.length > 0;
  useEffect(() => {
    if (isImported) onImported();
  }, [isImported, onImported]);
  return <SearchTermsImport projectId={projectId} hasReport={false} />;
}

export default function GoogleAdsAnalysisRoute() {
  return <AnalysisScreen searchTermsImport={AnalysisSearchTermsImport} />;
}

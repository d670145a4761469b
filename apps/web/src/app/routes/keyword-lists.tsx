import { KeywordListsScreen } from '@/features/keyword-lists/components/keyword-lists-screen';
import { DocumentTitle } from '@/components/document-title';
import { keywordListsQueryOptions } from '@/components/save-to-list/api/get-keyword-lists';
import type { ScreenContext } from '../router';

/** The lists. */
export const prepare = ({ queryClient }: ScreenContext) => queryClient.ensureQueryData(keywordListsQueryOptions);

export default function KeywordListsRoute() {
  return (
    <>
      <DocumentTitle prefix="Keyword Lists" />
      <KeywordListsScreen />
    </>
  );
}

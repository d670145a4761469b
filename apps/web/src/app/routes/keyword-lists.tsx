import { KeywordListsScreen } from '@/features/keyword-lists/components/keyword-lists-screen';
import { DocumentTitle } from '@/components/document-title';

export default function KeywordListsRoute() {
  return (
    <>
      <DocumentTitle prefix="Keyword Lists" />
      <KeywordListsScreen />
    </>
  );
}

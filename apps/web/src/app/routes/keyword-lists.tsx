import { KeywordListsScreen } from '@/features/keyword-lists/components/keyword-lists-screen';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function KeywordListsRoute() {
  useDocumentTitle('Keyword Lists');
  return <KeywordListsScreen />;
}

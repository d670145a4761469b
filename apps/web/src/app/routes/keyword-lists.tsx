import { ComingSoon } from '@/components/coming-soon';

export default function KeywordListsRoute() {
  return <ComingSoon title="Keyword Lists" />;
}

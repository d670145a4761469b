import { ComingSoon } from '@/components/coming-soon';

export default function KeywordGenerationRoute() {
  return <ComingSoon title="Keyword Generation" />;
}

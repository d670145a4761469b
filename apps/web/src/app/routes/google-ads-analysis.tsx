import { AnalysisScreen } from '@/features/analysis/components/analysis-screen';

export default function GoogleAdsAnalysisRoute() {
  return <AnalysisScreen />;
}

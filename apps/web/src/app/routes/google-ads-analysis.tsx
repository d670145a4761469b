import { ComingSoon } from '@/components/coming-soon';

export default function GoogleAdsAnalysisRoute() {
  return <ComingSoon title="Google Ads Analysis" />;
}

import { AnalysisScreen } from '@/features/analysis/components/analysis-screen';
import { projectsQueryOptions } from '@/components/project-select/api/get-projects';
import type { ScreenContext } from '../router';

/** The projects, for the project selector. */
export const prepare = ({ queryClient }: ScreenContext) => queryClient.ensureQueryData(projectsQueryOptions);

export default function GoogleAdsAnalysisRoute() {
  return <AnalysisScreen />;
}

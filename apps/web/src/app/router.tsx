import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { RouteError } from '@/components/route-error';
import { SessionGate, SignedInOnly, SignedOutOnly } from './session-gate';

const SignInRoute = lazy(() => import('./routes/sign-in'));
const SignUpRoute = lazy(() => import('./routes/sign-up'));
const KeywordGenerationRoute = lazy(() => import('./routes/keyword-generation'));
const ProjectsRoute = lazy(() => import('./routes/projects'));
const ProjectKeywordsRoute = lazy(() => import('./routes/project-keywords'));
const KeywordListsRoute = lazy(() => import('./routes/keyword-lists'));
const GoogleAdsAnalysisRoute = lazy(() => import('./routes/google-ads-analysis'));
const TeamRoute = lazy(() => import('./routes/team'));

/** SPEC section 2's route table. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <SessionGate />,
      errorElement: <RouteError />,
      children: [
        {
          element: <SignedOutOnly />,
          children: [
            { path: '/sign-in', element: <SignInRoute /> },
            { path: '/sign-up', element: <SignUpRoute /> },
          ],
        },
        {
          element: <SignedInOnly />,
          children: [
            { path: '/', element: <KeywordGenerationRoute /> },
            { path: '/keyword-generation', element: <KeywordGenerationRoute /> },
            // The project page's empty state links here; same screen, query string kept.
            { path: '/keyword-generator', element: <KeywordGenerationRoute /> },
            { path: '/projects', element: <ProjectsRoute /> },
            { path: '/projects/:projectId/keywords', element: <ProjectKeywordsRoute /> },
            { path: '/keyword-lists', element: <KeywordListsRoute /> },
            { path: '/google-ads-analysis', element: <GoogleAdsAnalysisRoute /> },
            { path: '/team', element: <TeamRoute /> },
            { path: '*', element: <Navigate to="/" replace /> },
          ],
        },
      ],
    },
  ]);
}

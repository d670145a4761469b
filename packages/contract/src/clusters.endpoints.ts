import { z } from 'zod';
import { projectIdParamsSchema } from './common';
import {
  campaignExportInputSchema,
  clusterIdParamsSchema,
  clustersAnswerSchema,
  clustersPageQuerySchema,
  clustersPendingSchema,
  clustersQuerySchema,
  mergeClustersInputSchema,
  moveClusterKeywordInputSchema,
  recomputeClustersInputSchema,
  renameClusterInputSchema,
  saveClustersAsListsAnswerSchema,
  saveClustersAsListsInputSchema,
} from './clusters';
import { define, err } from './endpoint';

/** Keyword groups: worked out, edited, saved as lists and exported as a campaign. */
export const clusterEndpoints = {
  projectClusters: define({
    method: 'GET',
    path: '/api/projects/:projectId/clusters',
    summary:
      "The project's keywords grouped into ad groups: 200 when up to date, 202 with progress while worked out (a background job for large projects)",
    auth: true,
    params: projectIdParamsSchema,
    query: clustersQuerySchema,
    response: { 200: clustersAnswerSchema, 202: clustersPendingSchema, 400: err, 401: err, 404: err },
  }),
  recomputeClusters: define({
    method: 'POST',
    path: '/api/projects/:projectId/clusters/recompute',
    summary: 'Work the groups out again at a tightness, dropping moves, merges and renames',
    auth: true,
    params: projectIdParamsSchema,
    query: clustersPageQuerySchema,
    body: recomputeClustersInputSchema,
    response: { 202: clustersPendingSchema, 200: clustersAnswerSchema, 400: err, 401: err, 404: err },
  }),
  moveClusterKeyword: define({
    method: 'POST',
    path: '/api/projects/:projectId/clusters/move',
    summary: 'Move a keyword to another group or to a new named group',
    auth: true,
    params: projectIdParamsSchema,
    query: clustersPageQuerySchema,
    body: moveClusterKeywordInputSchema,
    response: { 200: clustersAnswerSchema, 400: err, 401: err, 404: err, 409: err },
  }),
  mergeClusters: define({
    method: 'POST',
    path: '/api/projects/:projectId/clusters/merge',
    summary: 'Merge groups into the first one, optionally renaming it',
    auth: true,
    params: projectIdParamsSchema,
    query: clustersPageQuerySchema,
    body: mergeClustersInputSchema,
    response: { 200: clustersAnswerSchema, 400: err, 401: err, 404: err, 409: err },
  }),
  renameCluster: define({
    method: 'PUT',
    path: '/api/projects/:projectId/clusters/:clusterId',
    summary: 'Rename a group',
    auth: true,
    params: clusterIdParamsSchema,
    query: clustersPageQuerySchema,
    body: renameClusterInputSchema,
    response: { 200: clustersAnswerSchema, 400: err, 401: err, 404: err, 409: err },
  }),
  saveClustersAsLists: define({
    method: 'POST',
    path: '/api/projects/:projectId/clusters/save-as-lists',
    summary: 'Save groups as keyword lists of the project, one per group, never overwriting a list',
    auth: true,
    params: projectIdParamsSchema,
    body: saveClustersAsListsInputSchema,
    response: { 201: saveClustersAsListsAnswerSchema, 400: err, 401: err, 404: err, 409: err },
  }),
  exportCampaign: define({
    method: 'POST',
    path: '/api/projects/:projectId/campaign-export',
    summary:
      "The whole project as one Google Ads Editor CSV: an ad group per cluster or per list, keywords with a match type and Max CPC, a responsive search ad per ad group, and the chosen negative lists' terms as campaign negatives (Criterion Type Negative exact or Negative phrase, Ad group empty; negativeListIds absent: all of the project's lists, []: none; an id not of the project: 400). Keywords and negatives beyond Google Ads' limits (80 characters, 10 words) are left out, and the x-left-out header lists them (exportLeftOutSchema as percent-encoded JSON)",
    auth: true,
    params: projectIdParamsSchema,
    body: campaignExportInputSchema,
    response: { 200: z.string().describe('text/csv'), 400: err, 401: err, 404: err, 409: err, 502: err },
  }),
} as const;

import { z } from 'zod';
import { idParamsSchema, projectIdParamsSchema, successSchema } from './common';
import { errorBodySchema } from './errors';
import {
  analyzeDocumentAnswerSchema,
  driveFileParamsSchema,
  driveFilesAnswerSchema,
  driveFilesQuerySchema,
  googleDriveStatusSchema,
} from './documents';
import { generationInputSchema, projectStatusAnswerSchema, startGenerationAnswerSchema } from './generation';
import {
  generateFilteredKeywordsAnswerSchema,
  generateFilteredKeywordsInputSchema,
  keywordMetricsAnswerSchema,
  keywordMetricsInputSchema,
  keywordSuggestionsAnswerSchema,
  keywordSuggestionsInputSchema,
  similarKeywordsAnswerSchema,
  similarKeywordsInputSchema,
} from './metrics';
import {
  bulkKeywordsAnswerSchema,
  bulkKeywordsInputSchema,
  keywordExportQuerySchema,
  keywordInputSchema,
  keywordArraySchema,
  keywordPageQuerySchema,
  keywordPageSchema,
  keywordSchema,
} from './keywords';
import { projectInputSchema, projectListSchema, projectSchema } from './projects';
import {
  addListItemInputSchema,
  addListTextInputSchema,
  createKeywordListInputSchema,
  keywordListDetailQuerySchema,
  keywordIdsQuerySchema,
  keywordListDetailSchema,
  keywordListHoldingsSchema,
  keywordListItemAddedSchema,
  keywordListMetricsAnswerSchema,
  keywordListMetricsInputSchema,
  keywordListRefsSchema,
  keywordListSchema,
  keywordListsQuerySchema,
  keywordListsSchema,
  listIdParamsSchema,
  listItemParamsSchema,
  updateKeywordListInputSchema,
} from './keyword-lists';
import {
  addListKeywordsAnswerSchema,
  addListKeywordsInputSchema,
  analysisExportQuerySchema,
  analysisPageSchema,
  analysisQuerySchema,
  deleteKeywordsAnswerSchema,
  deleteKeywordsInputSchema,
  keywordPlannerImportAnswerSchema,
  removeListKeywordsAnswerSchema,
  removeListKeywordsInputSchema,
} from './analysis';
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
import { adBriefSchema, adCopyInputSchema, adCopySchema, adsEditorExportInputSchema } from './ad-copy';
import { healthSchema, meSchema, publicConfigSchema, readySchema } from './system';
import {
  leaveTeamsAnswerSchema,
  teamEmailInputSchema,
  teamMemberSchema,
  teamMembersAnswerSchema,
  updateMemberIdAnswerSchema,
} from './team';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  /** Fastify-style path: `/api/projects/:id`. */
  path: string;
  summary: string;
  /** False for the few public calls. */
  auth: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Answer schemas by status; the first 2xx is the success answer. */
  response: Record<number, z.ZodType>;
}

const define = <const E extends Endpoint>(endpoint: E) => endpoint;

const err = errorBodySchema;

/** Every call of the API: one place for method, path, inputs and answers. */
export const endpoints = {
  health: define({
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness',
    auth: false,
    response: { 200: healthSchema },
  }),
  ready: define({
    method: 'GET',
    path: '/api/ready',
    summary: 'Readiness: the database answers',
    auth: false,
    response: { 200: readySchema, 503: readySchema },
  }),
  config: define({
    method: 'GET',
    path: '/api/config',
    summary: 'Public configuration',
    auth: false,
    response: { 200: publicConfigSchema },
  }),
  me: define({
    method: 'GET',
    path: '/api/me',
    summary: 'The signed-in user',
    auth: true,
    response: { 200: meSchema, 401: err },
  }),

  listProjects: define({
    method: 'GET',
    path: '/api/projects',
    summary: 'Projects the caller owns or shares through a team',
    auth: true,
    response: { 200: projectListSchema, 401: err },
  }),
  getProject: define({
    method: 'GET',
    path: '/api/projects/:id',
    summary: 'One project',
    auth: true,
    params: idParamsSchema,
    response: { 200: projectSchema, 400: err, 401: err, 404: err },
  }),
  createProject: define({
    method: 'POST',
    path: '/api/projects',
    summary: 'Create a project',
    auth: true,
    body: projectInputSchema,
    response: { 201: projectSchema, 400: err, 401: err },
  }),
  updateProject: define({
    method: 'PUT',
    path: '/api/projects/:id',
    summary: 'Update a project (owner or team member)',
    auth: true,
    params: idParamsSchema,
    body: projectInputSchema,
    response: { 200: projectSchema, 400: err, 401: err, 404: err },
  }),
  deleteProject: define({
    method: 'DELETE',
    path: '/api/projects/:id',
    summary: 'Delete a project and its keywords (owner only)',
    auth: true,
    params: idParamsSchema,
    response: { 200: successSchema, 400: err, 401: err, 403: err, 404: err },
  }),

  listProjectKeywords: define({
    method: 'GET',
    path: '/api/projects/:projectId/keywords',
    summary: "A project's keywords, newest first",
    auth: true,
    params: projectIdParamsSchema,
    response: { 200: keywordArraySchema, 400: err, 401: err, 404: err },
  }),
  projectKeywordPage: define({
    method: 'GET',
    path: '/api/projects/:projectId/keywords/page',
    summary: "A page of a project's keywords, searched and sorted in the database",
    auth: true,
    params: projectIdParamsSchema,
    query: keywordPageQuerySchema,
    response: { 200: keywordPageSchema, 400: err, 401: err, 404: err },
  }),
  exportProjectKeywords: define({
    method: 'GET',
    path: '/api/projects/:projectId/keywords/export',
    summary:
      "A project's keywords as a CSV file (UTF-8 with a BOM), streamed; with metrics columns and CPC bounds when asked",
    auth: true,
    params: projectIdParamsSchema,
    query: keywordExportQuerySchema,
    response: { 200: z.string().describe('text/csv'), 400: err, 401: err, 404: err },
  }),
  addProjectKeyword: define({
    method: 'POST',
    path: '/api/projects/:projectId/keywords',
    summary: 'Add a keyword to a project; 409 when it exists',
    auth: true,
    params: projectIdParamsSchema,
    body: keywordInputSchema,
    response: { 201: keywordSchema, 400: err, 401: err, 404: err, 409: err },
  }),
  addProjectKeywords: define({
    method: 'POST',
    path: '/api/projects/:projectId/keywords/bulk',
    summary:
      'Add a pasted list of keywords to a project (owner or team member): repeats and keywords it has are skipped and named; at most 500; all or nothing',
    auth: true,
    params: projectIdParamsSchema,
    body: bulkKeywordsInputSchema,
    response: { 200: bulkKeywordsAnswerSchema, 400: err, 401: err, 404: err },
  }),
  deleteKeyword: define({
    method: 'DELETE',
    path: '/api/keywords/:id',
    summary: 'Delete a keyword (owner or team member of its project)',
    auth: true,
    params: idParamsSchema,
    response: { 200: successSchema, 400: err, 401: err, 404: err },
  }),

  deleteProjectKeywords: define({
    method: 'POST',
    path: '/api/projects/:projectId/keywords/delete',
    summary: "Delete some of a project's keywords at once (owner or team member); all or nothing",
    auth: true,
    params: projectIdParamsSchema,
    body: deleteKeywordsInputSchema,
    response: { 200: deleteKeywordsAnswerSchema, 400: err, 401: err, 404: err },
  }),
  analysisPage: define({
    method: 'GET',
    path: '/api/projects/:projectId/analysis',
    summary:
      "A page of a project's keywords with their cached figures and 12-month trend, filtered (text, competition, volume, CPC) and sorted by any column in the database",
    auth: true,
    params: projectIdParamsSchema,
    query: analysisQuerySchema,
    response: { 200: analysisPageSchema, 400: err, 401: err, 404: err },
  }),
  exportAnalysis: define({
    method: 'GET',
    path: '/api/projects/:projectId/analysis/export',
    summary:
      'The analysis table as a CSV file (UTF-8 with a BOM): Keyword, Avg. Monthly Searches, Competition, Competition Index, Low CPC, High CPC, of the filtered and sorted set, streamed',
    auth: true,
    params: projectIdParamsSchema,
    query: analysisExportQuerySchema,
    response: { 200: z.string().describe('text/csv'), 400: err, 401: err, 404: err },
  }),
  keywordPlannerImport: define({
    method: 'POST',
    path: '/api/projects/:projectId/keyword-planner-import',
    summary:
      'Import a Keyword Planner export (multipart, field file: UTF-16 tab-separated or UTF-8 CSV): its keywords are added to the project and their figures kept as source keyword-planner; all or nothing',
    auth: true,
    params: projectIdParamsSchema,
    response: { 200: keywordPlannerImportAnswerSchema, 400: err, 401: err, 404: err, 413: err, 415: err },
  }),

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
      'The whole project as one Google Ads Editor CSV: an ad group per cluster or per list, keywords with a match type and Max CPC, and a responsive search ad per ad group',
    auth: true,
    params: projectIdParamsSchema,
    body: campaignExportInputSchema,
    response: { 200: z.string().describe('text/csv'), 400: err, 401: err, 404: err, 409: err, 502: err },
  }),

  keywordMetrics: define({
    method: 'POST',
    path: '/api/google-ads/keyword-metrics',
    summary:
      "A page of a project's keywords with volume, competition, CPC and difficulty; the first call fetches every keyword's figures (cached 30 days)",
    auth: true,
    body: keywordMetricsInputSchema,
    response: { 200: keywordMetricsAnswerSchema, 400: err, 401: err, 404: err, 502: err, 503: err },
  }),
  generateFilteredKeywords: define({
    method: 'POST',
    path: '/api/google-ads/generate-filtered-keywords',
    summary: 'Generate keywords for a project inside CPC bounds and a word count, and add them',
    auth: true,
    body: generateFilteredKeywordsInputSchema,
    response: { 200: generateFilteredKeywordsAnswerSchema, 400: err, 401: err, 404: err, 502: err, 503: err },
  }),
  keywordSuggestions: define({
    method: 'POST',
    path: '/api/google-ads/keyword-suggestions',
    summary: "Keyword ideas from a project's keywords (or a list's), with their figures",
    auth: true,
    body: keywordSuggestionsInputSchema,
    response: { 200: keywordSuggestionsAnswerSchema, 400: err, 401: err, 404: err, 502: err, 503: err },
  }),
  similarKeywords: define({
    method: 'POST',
    path: '/api/keywords/similar',
    summary: 'Keywords similar to one keyword, for a place and language, with their figures',
    auth: true,
    body: similarKeywordsInputSchema,
    response: { 200: similarKeywordsAnswerSchema, 400: err, 401: err, 502: err, 503: err },
  }),

  listKeywordLists: define({
    method: 'GET',
    path: '/api/keyword-lists',
    summary: 'Keyword lists the caller owns or shares through a team, with their keyword counts',
    auth: true,
    query: keywordListsQuerySchema,
    response: { 200: keywordListsSchema, 400: err, 401: err },
  }),
  getKeywordList: define({
    method: 'GET',
    path: '/api/keyword-lists/:id',
    summary:
      "A list with a page of its keywords (the latest added first); with each keyword's cached figures and the list's summary of them when asked",
    auth: true,
    params: idParamsSchema,
    query: keywordListDetailQuerySchema,
    response: { 200: keywordListDetailSchema, 400: err, 401: err, 404: err },
  }),
  createKeywordList: define({
    method: 'POST',
    path: '/api/keyword-lists',
    summary: 'Create a list, for a project or none; 409 when the caller has a list of that name',
    auth: true,
    body: createKeywordListInputSchema,
    response: { 201: keywordListSchema, 400: err, 401: err, 404: err, 409: err },
  }),
  updateKeywordList: define({
    method: 'PUT',
    path: '/api/keyword-lists/:id',
    summary: 'Rename a list or move it to another project (null: No Project)',
    auth: true,
    params: idParamsSchema,
    body: updateKeywordListInputSchema,
    response: { 200: keywordListSchema, 400: err, 401: err, 404: err, 409: err },
  }),
  deleteKeywordList: define({
    method: 'DELETE',
    path: '/api/keyword-lists/:id',
    summary: 'Delete a list (owner only); its keywords stay in their projects',
    auth: true,
    params: idParamsSchema,
    response: { 200: successSchema, 400: err, 401: err, 403: err, 404: err },
  }),
  exportKeywordList: define({
    method: 'GET',
    path: '/api/keyword-lists/:id/csv',
    summary: "A list's keywords as a CSV file (UTF-8 with a BOM), with figure columns when figures are cached",
    auth: true,
    params: idParamsSchema,
    response: { 200: z.string().describe('text/csv'), 400: err, 401: err, 404: err },
  }),
  keywordListMetrics: define({
    method: 'POST',
    path: '/api/keyword-lists/:id/metrics',
    summary: "Load CPC for a list: fetches what the cache lacks of its keywords' figures; answers the list's summary",
    auth: true,
    params: idParamsSchema,
    body: keywordListMetricsInputSchema,
    response: { 200: keywordListMetricsAnswerSchema, 400: err, 401: err, 404: err, 502: err, 503: err },
  }),
  addKeywordListText: define({
    method: 'POST',
    path: '/api/keyword-lists/:listId/add-text',
    summary: "Add a keyword by its text: made in the list's project when new there; 409 when the list has it",
    auth: true,
    params: listIdParamsSchema,
    body: addListTextInputSchema,
    response: { 201: keywordListItemAddedSchema, 400: err, 401: err, 404: err, 409: err },
  }),
  addKeywordListItem: define({
    method: 'POST',
    path: '/api/keyword-list-items',
    summary: 'Add a project keyword to a list, by id or by text (made first when asked); 409 when the list has it',
    auth: true,
    body: addListItemInputSchema,
    response: { 201: keywordListItemAddedSchema, 400: err, 401: err, 404: err, 409: err },
  }),
  removeKeywordListItem: define({
    method: 'DELETE',
    path: '/api/keyword-list-items/:listId-:keywordId',
    summary: 'Take a keyword out of a list (the keyword stays in its project)',
    auth: true,
    params: listItemParamsSchema,
    response: { 200: successSchema, 400: err, 401: err, 404: err },
  }),
  keywordListHoldings: define({
    method: 'GET',
    path: '/api/keyword-lists/holding',
    summary: 'For a page of keywords at once: the lists holding each one, among those the caller may read',
    auth: true,
    query: keywordIdsQuerySchema,
    response: { 200: keywordListHoldingsSchema, 400: err, 401: err },
  }),
  keywordListsForKeyword: define({
    method: 'GET',
    path: '/api/keywords/:id/lists',
    summary: 'The lists holding a keyword, among those the caller may read',
    auth: true,
    params: idParamsSchema,
    response: { 200: keywordListRefsSchema, 400: err, 401: err, 404: err },
  }),

  addKeywordListKeywords: define({
    method: 'POST',
    path: '/api/keyword-lists/:id/keywords',
    summary: 'Add keywords to a list at once; those already in it are counted, not added twice; all or nothing',
    auth: true,
    params: idParamsSchema,
    body: addListKeywordsInputSchema,
    response: { 200: addListKeywordsAnswerSchema, 400: err, 401: err, 404: err },
  }),
  removeKeywordListKeywords: define({
    method: 'POST',
    path: '/api/keyword-lists/:id/keywords/remove',
    summary:
      'Take keywords out of a list at once (they stay in their projects); 404 and nothing removed when one is not in the list',
    auth: true,
    params: idParamsSchema,
    body: removeListKeywordsInputSchema,
    response: { 200: removeListKeywordsAnswerSchema, 400: err, 401: err, 404: err },
  }),
  keywordListAdBrief: define({
    method: 'GET',
    path: '/api/keyword-lists/:id/ad-brief',
    summary:
      "What a list's ads are written from: up to 1,000 of its keywords (most searched first) and its project's facts; 400 for a list without a project",
    auth: true,
    params: idParamsSchema,
    response: { 200: adBriefSchema, 400: err, 401: err, 404: err },
  }),
  exportGoogleAdsEditor: define({
    method: 'POST',
    path: '/api/keyword-lists/:id/google-ads-editor',
    summary:
      'The list as a Google Ads Editor CSV: one ad group with its keywords (one match type, Max CPC from the high top-of-page bid) and one responsive search ad',
    auth: true,
    params: idParamsSchema,
    body: adsEditorExportInputSchema,
    response: { 200: z.string().describe('text/csv'), 400: err, 401: err, 404: err },
  }),

  generateHeadlines: define({
    method: 'POST',
    path: '/api/generate-headlines',
    summary: 'Twenty ad headlines (at most 30 characters each) as a CSV file with their character counts',
    auth: true,
    body: adCopyInputSchema,
    response: { 200: z.string().describe('text/csv'), 400: err, 401: err, 502: err },
  }),
  generateDescriptions: define({
    method: 'POST',
    path: '/api/generate-descriptions',
    summary: 'Twenty ad descriptions (at most 90 characters each) as a CSV file with their character counts',
    auth: true,
    body: adCopyInputSchema,
    response: { 200: z.string().describe('text/csv'), 400: err, 401: err, 502: err },
  }),
  adCopy: define({
    method: 'POST',
    path: '/api/ad-copy',
    summary: 'Twenty headlines and twenty descriptions as JSON, for the ad preview (the same writer as the CSV calls)',
    auth: true,
    body: adCopyInputSchema,
    response: { 200: adCopySchema, 400: err, 401: err, 502: err },
  }),

  startKeywordGeneration: define({
    method: 'POST',
    path: '/api/start-keyword-generation',
    summary: 'Create a project (or use projectId) and start a keyword generation run',
    auth: true,
    body: generationInputSchema,
    response: { 202: startGenerationAnswerSchema, 400: err, 401: err, 404: err },
  }),
  projectStatus: define({
    method: 'GET',
    path: '/api/project-status/:projectId',
    summary: 'The latest generation run of a project, with its keywords once completed',
    auth: true,
    params: projectIdParamsSchema,
    response: { 200: projectStatusAnswerSchema, 400: err, 401: err, 404: err },
  }),

  analyzeDocument: define({
    method: 'POST',
    path: '/api/analyze-document',
    summary:
      'Project details from up to 10 documents (multipart, field documents: .docx .txt .pdf .ppt .pptx .md, 20 MB each), with each file read or the reason it was not',
    auth: true,
    response: { 200: analyzeDocumentAnswerSchema, 400: err, 401: err, 413: err, 415: err },
  }),
  googleDriveStatus: define({
    method: 'GET',
    path: '/api/auth/google/status',
    summary: 'Whether the caller has connected Google Drive, and whether this server can connect it at all',
    auth: true,
    response: { 200: googleDriveStatusSchema, 401: err },
  }),
  googleDriveConnect: define({
    method: 'GET',
    path: '/api/auth/google/connect',
    summary:
      "Starts Google's consent for read-only Drive access (redirects); the callback returns to the generator with google=connected or error=auth_failed",
    auth: true,
    response: { 302: z.null(), 401: err, 503: err },
  }),
  googleDriveCallback: define({
    method: 'GET',
    path: '/api/auth/google/callback',
    summary: "Google's redirect after consent: keeps the tokens (encrypted) and returns to the generator",
    auth: true,
    query: z.object({
      code: z.string().max(4096).optional(),
      state: z.string().max(4096).optional(),
      error: z.string().max(200).optional(),
    }),
    response: { 302: z.null(), 401: err },
  }),
  googleDriveDisconnect: define({
    method: 'DELETE',
    path: '/api/auth/google',
    summary: "Disconnects Google Drive: revokes the grant at Google and forgets the caller's tokens",
    auth: true,
    response: { 200: successSchema, 401: err },
  }),
  googleDriveFiles: define({
    method: 'GET',
    path: '/api/google-drive/files',
    summary:
      "The caller's Drive files of supported types (Google Docs and Slides too), newest first, searched by name, paged",
    auth: true,
    query: driveFilesQuerySchema,
    response: { 200: driveFilesAnswerSchema, 400: err, 401: err, 409: err, 502: err, 503: err },
  }),
  googleDriveAnalyze: define({
    method: 'POST',
    path: '/api/google-drive/analyze/:fileId',
    summary: 'Project details from one Drive file (Docs and Slides exported as text, others downloaded and read)',
    auth: true,
    params: driveFileParamsSchema,
    response: { 200: analyzeDocumentAnswerSchema, 400: err, 401: err, 404: err, 409: err, 502: err, 503: err },
  }),

  listTeamMembers: define({
    method: 'GET',
    path: '/api/team/members',
    summary: "The caller's team and the teams the caller is on",
    auth: true,
    response: { 200: teamMembersAnswerSchema, 401: err },
  }),
  addTeamMember: define({
    method: 'POST',
    path: '/api/team/members',
    summary: 'Add a member by e-mail (the person must have an account)',
    auth: true,
    body: teamEmailInputSchema,
    response: { 201: teamMemberSchema, 400: err, 401: err, 404: err, 409: err },
  }),
  removeTeamMember: define({
    method: 'DELETE',
    path: '/api/team/members',
    summary: 'Remove a member from the caller’s team',
    auth: true,
    body: teamEmailInputSchema,
    response: { 200: successSchema, 400: err, 401: err, 404: err },
  }),
  leaveTeams: define({
    method: 'POST',
    path: '/api/team/leave',
    summary: 'Leave every team the caller is on',
    auth: true,
    response: { 200: leaveTeamsAnswerSchema, 401: err },
  }),
  updateMemberId: define({
    method: 'POST',
    path: '/api/team/update-member-id',
    summary: "Link team rows added by the caller's e-mail to the caller's id",
    auth: true,
    response: { 200: updateMemberIdAnswerSchema, 401: err },
  }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/** Fills `:name` segments of a path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

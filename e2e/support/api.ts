import type {
  AnalysisPage,
  ClusterTightness,
  ClustersAnswer,
  ClustersPending,
  GenerationInput,
  KeywordList,
  KeywordListItemAdded,
  KeywordPage,
  Project,
  ProjectInput,
  ProjectStatusAnswer,
} from '@keywright/contract';
import { expect } from 'vitest';
import { baseUrl, newUser, type User } from './browser';

/** A user made directly through the API (for set-up the journey is not about). */
export interface ApiUser extends User {
  id: string;
  token: string;
}

async function call<T>(method: string, pathname: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${pathname}`, {
    method,
    headers: {
      origin: baseUrl,
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function apiSignUp(overrides: Partial<User> = {}): Promise<ApiUser> {
  const user = newUser(overrides);
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ name: user.name, email: user.email, password: user.password }),
  });
  const text = await response.text();
  const token = response.headers.get('set-auth-token');
  if (!response.ok || !token) throw new Error(`Sign-up of ${user.email} answered ${response.status}: ${text}`);
  const { user: created } = JSON.parse(text) as { user: { id: string } };
  return { ...user, id: created.id, token };
}

export function apiCreateProject(owner: ApiUser, input: ProjectInput): Promise<Project> {
  return call<Project>('POST', '/api/projects', owner.token, input);
}

export function apiAddKeyword(owner: ApiUser, projectId: number, keyword: string): Promise<unknown> {
  return call('POST', `/api/projects/${projectId}/keywords`, owner.token, { keyword });
}

export function apiAddTeamMember(owner: ApiUser, email: string): Promise<unknown> {
  return call('POST', '/api/team/members', owner.token, { email });
}

export function apiConfig(): Promise<{ appName: string; contactEmail: string }> {
  return call('GET', '/api/config', null);
}

export function apiProjects(owner: ApiUser): Promise<Project[]> {
  return call<Project[]>('GET', '/api/projects', owner.token);
}

export function apiDeleteKeyword(owner: ApiUser, keywordId: number): Promise<unknown> {
  return call('DELETE', `/api/keywords/${keywordId}`, owner.token);
}

/** Adds keywords one after another, so their order (oldest first) is the order given. */
export async function apiAddKeywords(owner: ApiUser, projectId: number, keywords: readonly string[]): Promise<void> {
  for (const keyword of keywords) await apiAddKeyword(owner, projectId, keyword);
}

export function apiKeywordPage(owner: ApiUser, projectId: number, page: number, pageSize = 20): Promise<KeywordPage> {
  return call<KeywordPage>(
    'GET',
    `/api/projects/${projectId}/keywords/page?page=${page}&pageSize=${pageSize}`,
    owner.token,
  );
}

export function apiStartGeneration(
  owner: ApiUser,
  input: GenerationInput,
): Promise<{ projectId: number; runId: number }> {
  return call('POST', '/api/start-keyword-generation', owner.token, input);
}

export function apiProjectStatus(owner: ApiUser, projectId: number): Promise<ProjectStatusAnswer> {
  return call<ProjectStatusAnswer>('GET', `/api/project-status/${projectId}`, owner.token);
}

/**
 * Waits (by asking GET /api/project-status, not by sleeping) until the
 * project's latest run has finished, and answers its status.
 */
export async function apiWaitForRun(owner: ApiUser, projectId: number, runId: number): Promise<ProjectStatusAnswer> {
  let answer: ProjectStatusAnswer | undefined;
  await expect
    .poll(
      async () => {
        answer = await apiProjectStatus(owner, projectId);
        return answer.runId === runId && answer.status !== 'pending' ? answer.status : 'pending';
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe('completed');
  return answer!;
}

/** A page of keywords with their cached figures (after Show CPC), optionally inside CPC bounds (dollars). */
export function apiKeywordPageWithMetrics(
  owner: ApiUser,
  projectId: number,
  {
    page = 1,
    pageSize = 100,
    minCpc,
    maxCpc,
  }: { page?: number; pageSize?: number; minCpc?: number; maxCpc?: number } = {},
): Promise<KeywordPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize), metrics: 'true' });
  if (minCpc !== undefined) query.set('minCpc', String(minCpc));
  if (maxCpc !== undefined) query.set('maxCpc', String(maxCpc));
  return call<KeywordPage>('GET', `/api/projects/${projectId}/keywords/page?${query}`, owner.token);
}

export function apiCreateList(owner: ApiUser, name: string, projectId: number | null): Promise<KeywordList> {
  return call<KeywordList>('POST', '/api/keyword-lists', owner.token, { name, project_id: projectId });
}

/** Adds keywords to a list by their text, one after another (made in the list's project when new there). */
export async function apiAddToList(owner: ApiUser, listId: number, keywords: readonly string[]): Promise<void> {
  for (const keyword of keywords) {
    await call<KeywordListItemAdded>('POST', `/api/keyword-lists/${listId}/add-text`, owner.token, {
      keyword_text: keyword,
    });
  }
}

/** A page of the analysis table, as the analysis page asks for it (query values as in its address). */
export function apiAnalysisPage(
  owner: ApiUser,
  projectId: number,
  query: Record<string, string | number> = {},
): Promise<AnalysisPage> {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return call<AnalysisPage>('GET', `/api/projects/${projectId}/analysis?${search}`, owner.token);
}

/** Fetches and caches every keyword's figures (what Show CPC and the analysis page do first). */
export function apiLoadMetrics(owner: ApiUser, projectId: number): Promise<unknown> {
  return call('POST', '/api/google-ads/keyword-metrics', owner.token, { projectId, page: 1, pageSize: 1 });
}

export function apiKeywordLists(owner: ApiUser): Promise<KeywordList[]> {
  return call<KeywordList[]>('GET', '/api/keyword-lists', owner.token);
}

// ---------------------------------------------------------------------------
// Keyword groups (clusters, issue 14)

/** A page of the project's groups as the groups view asks for it; 202's progress while a job works them out. */
export function apiClusters(
  owner: ApiUser,
  projectId: number,
  {
    tightness = 'balanced',
    search = '',
    page = 1,
  }: { tightness?: ClusterTightness; search?: string; page?: number } = {},
): Promise<ClustersAnswer | ClustersPending> {
  const query = new URLSearchParams({ tightness, search, page: String(page) });
  return call('GET', `/api/projects/${projectId}/clusters?${query}`, owner.token);
}

/** The project's groups once they are ready (asking again, not sleeping, while a job works them out). */
export async function apiReadyClusters(
  owner: ApiUser,
  projectId: number,
  options: { tightness?: ClusterTightness; search?: string; page?: number } = {},
): Promise<ClustersAnswer> {
  let answer: ClustersAnswer | ClustersPending | undefined;
  await expect
    .poll(
      async () => {
        answer = await apiClusters(owner, projectId, options);
        return answer.status;
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe('ready');
  return answer as ClustersAnswer;
}

/** Merges groups into the first (what the groups view's Merge does). */
export function apiMergeClusters(owner: ApiUser, projectId: number, clusterIds: number[]): Promise<ClustersAnswer> {
  return call('POST', `/api/projects/${projectId}/clusters/merge`, owner.token, { clusterIds });
}

/**
 * Adds many keywords at once as a Keyword Planner "Google Sheets" file would (UTF-8, comma-separated,
 * two title lines), each with its searches: the quick way to a project too large to group in a request.
 */
export async function apiImportPlannerKeywords(
  owner: ApiUser,
  projectId: number,
  rows: ReadonlyArray<{ keyword: string; searches: number }>,
): Promise<void> {
  const lines = [
    'Keyword Stats 2026-11-23 at 10_15_42',
    'All locations',
    'Keyword,Currency,Avg. monthly searches,Competition,Top of page bid (low range),Top of page bid (high range)',
    ...rows.map((row) => `${row.keyword},USD,${row.searches},Low,0.50,1.50`),
  ];
  const form = new FormData();
  form.append('file', new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), 'keywords.csv');
  const response = await fetch(`${baseUrl}/api/projects/${projectId}/keyword-planner-import`, {
    method: 'POST',
    headers: { origin: baseUrl, authorization: `Bearer ${owner.token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`The import answered ${response.status}: ${await response.text()}`);
}

/** Deletes a project (its keywords and groups with it). */
export function apiDeleteProject(owner: ApiUser, projectId: number): Promise<unknown> {
  return call('DELETE', `/api/projects/${projectId}`, owner.token);
}

// THE list of journeys of the load run: what a person does, with its share of the traffic.
// A new call joins the load here (and in fixtures.ts when it needs data made beforehand).
import { constants, endpoints, type AdBrief, type Endpoint } from '@keywright/contract';
import { seededRandom as randomStream } from '../../apps/server/src/lib/random';
import { analysisJourneys } from './analysis-journeys';
import { endpointCall, json, type Answer, type Call } from './client';
import { themeKeyword, type LoadUser } from './fixtures';

export interface Random {
  /** In [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

/** A seeded generator (mulberry32), so two runs send the same mix. */
export function seededRandom(seed: number): Random {
  const next = randomStream(seed);
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: (items) => items[int(items.length)]!, chance: (probability) => next() < probability };
}

export interface Journey {
  name: string;
  /** Share of the traffic, relative to the other journeys. */
  weight: number;
  /** The contract endpoint it calls; none for better-auth's own calls. */
  endpoint?: Endpoint;
  /** Statuses that are the journey going right; anything else, or no answer, is an error. */
  expect: readonly number[];
  /** The call this user makes now, or null when the user has nothing to make it with (another journey goes instead). */
  call(user: LoadUser, random: Random): Call | null;
  /** Keeps the user's state in step once the answer is in (null: no answer). */
  settle?(user: LoadUser, answer: Answer | null, call: Call): void;
}

/** The endpoint's success status (the first 2xx of its answers) unless `expect` says otherwise. */
function journey(definition: Omit<Journey, 'expect'> & { expect?: readonly number[] }): Journey {
  const success = Object.keys(definition.endpoint?.response ?? {}).find((status) => status.startsWith('2'));
  return { ...definition, expect: definition.expect ?? [Number(success ?? 200)] };
}

/** Takes a random element out of an array (order does not matter). */
function take<T>(items: T[], random: Random): T | undefined {
  if (items.length === 0) return undefined;
  const index = random.int(items.length);
  const item = items[index]!;
  items[index] = items[items.length - 1]!;
  items.pop();
  return item;
}

const pageSize = constants.projectKeywordsPageSize;
/** Mostly the first page, as people do; now and then one further on. */
const somePage = (random: Random, count: number) =>
  random.chance(0.6) ? 1 : 1 + random.int(Math.max(1, Math.ceil(count / pageSize)));
const cpcBounds: ReadonlyArray<[string, string]> = [
  ['0.5', '2'],
  ['1', ''],
  ['', '1.5'],
  ['1', '3'],
];
const sorts = ['newest', 'oldest', 'keyword', 'keyword_desc'] as const;

/** The ad brief each user read last: the ad preview is written from it. */
const adBriefs = new WeakMap<LoadUser, AdBrief>();

export const journeys: readonly Journey[] = [
  {
    name: 'sign-in',
    weight: 1,
    expect: [200],
    call: (user) => ({
      method: 'POST',
      path: '/api/auth/sign-in/email',
      body: { email: user.email, password: user.password },
    }),
    // The new session is the one the person goes on with.
    settle(user, answer) {
      const token = answer?.headers['set-auth-token'];
      if (answer?.status === 200 && typeof token === 'string') user.token = token;
    },
  },
  journey({
    name: 'projects list',
    weight: 9,
    endpoint: endpoints.listProjects,
    call: (user) => endpointCall(endpoints.listProjects, { token: user.token }),
  }),
  journey({
    name: 'keyword page',
    weight: 18,
    endpoint: endpoints.projectKeywordPage,
    call(user, random) {
      const project = random.pick(user.projects);
      return endpointCall(endpoints.projectKeywordPage, {
        token: user.token,
        params: { projectId: project.id },
        query: {
          page: somePage(random, project.keywordCount),
          sort: random.pick(sorts),
          search: random.chance(0.2) ? random.pick(project.theme.heads).split(' ')[0]! : '',
        },
      });
    },
  }),
  journey({
    name: 'keyword page, CPC filter',
    weight: 10,
    endpoint: endpoints.projectKeywordPage,
    call(user, random) {
      const project = random.pick(user.projects);
      const [minCpc, maxCpc] = random.pick(cpcBounds);
      return endpointCall(endpoints.projectKeywordPage, {
        token: user.token,
        params: { projectId: project.id },
        query: { page: random.chance(0.8) ? 1 : 2, metrics: 'true', minCpc, maxCpc },
      });
    },
  }),
  journey({
    name: 'lists holding a page of keywords',
    weight: 6,
    endpoint: endpoints.keywordListHoldings,
    call(user, random) {
      const start = random.int(Math.max(1, user.stableKeywordIds.length - pageSize));
      const ids = user.stableKeywordIds.slice(start, start + pageSize);
      return endpointCall(endpoints.keywordListHoldings, { token: user.token, query: { keywordIds: ids.join(',') } });
    },
  }),
  journey({
    name: 'metrics page',
    weight: 7,
    endpoint: endpoints.keywordMetrics,
    call(user, random) {
      const project = random.pick(user.projects);
      return endpointCall(endpoints.keywordMetrics, {
        token: user.token,
        body: { projectId: project.id, page: somePage(random, project.keywordCount) },
      });
    },
  }),
  journey({
    name: 'keyword add',
    weight: 6,
    endpoint: endpoints.addProjectKeyword,
    call(user, random) {
      const project = random.pick(user.projects);
      project.keywordCount++;
      return endpointCall(endpoints.addProjectKeyword, {
        token: user.token,
        params: { projectId: project.id },
        body: { keyword: themeKeyword(project.theme, project.nextKeyword++) },
      });
    },
    settle(user, answer) {
      if (answer?.status === 201) user.deletable.push(json<{ id: number }>(answer).id);
    },
  }),
  journey({
    name: 'keyword delete',
    weight: 5,
    endpoint: endpoints.deleteKeyword,
    call(user, random) {
      const id = take(user.deletable, random);
      return id === undefined ? null : endpointCall(endpoints.deleteKeyword, { token: user.token, params: { id } });
    },
  }),
  journey({
    name: 'lists page',
    weight: 8,
    endpoint: endpoints.listKeywordLists,
    // The browser sends back the ETag it holds; an unchanged page answers 304.
    expect: [200, 304],
    call: (user) => ({
      ...endpointCall(endpoints.listKeywordLists, { token: user.token }),
      headers: user.listsEtag ? { 'if-none-match': user.listsEtag } : undefined,
    }),
    settle(user, answer) {
      const etag = answer?.headers.etag;
      if (answer?.status === 200 && typeof etag === 'string') user.listsEtag = etag;
    },
  }),
  journey({
    name: 'list page',
    weight: 10,
    endpoint: endpoints.getKeywordList,
    call: (user, random) =>
      endpointCall(endpoints.getKeywordList, {
        token: user.token,
        params: { id: random.chance(0.6) ? user.browseListId : user.workList.id },
        query: { page: 1, metrics: random.chance(0.5) ? 'true' : '' },
      }),
  }),
  journey({
    name: 'list item add',
    weight: 5,
    endpoint: endpoints.addKeywordListItem,
    call(user, random) {
      const keywordId = take(user.workList.free, random);
      if (keywordId === undefined) return null;
      return {
        ...endpointCall(endpoints.addKeywordListItem, {
          token: user.token,
          body: { list_id: user.workList.id, keyword_id: keywordId },
        }),
        subject: keywordId,
      };
    },
    // Only once it is in may a removal take it.
    settle(user, answer, call) {
      if (answer?.status === 201) user.workList.held.push(call.subject!);
    },
  }),
  journey({
    name: 'list item remove',
    weight: 4,
    endpoint: endpoints.removeKeywordListItem,
    call(user, random) {
      const keywordId = take(user.workList.held, random);
      if (keywordId === undefined) return null;
      return {
        ...endpointCall(endpoints.removeKeywordListItem, {
          token: user.token,
          params: { listId: user.workList.id, keywordId },
        }),
        subject: keywordId,
      };
    },
    settle(user, answer, call) {
      if (answer?.status === 200) user.workList.free.push(call.subject!);
    },
  }),
  journey({
    name: 'keywords CSV',
    weight: 3,
    endpoint: endpoints.exportProjectKeywords,
    call(user, random) {
      const withFigures = random.chance(0.5);
      const [minCpc, maxCpc] = withFigures && random.chance(0.5) ? random.pick(cpcBounds) : ['', ''];
      return endpointCall(endpoints.exportProjectKeywords, {
        token: user.token,
        params: { projectId: random.pick(user.projects).id },
        query: { metrics: withFigures ? 'true' : '', minCpc, maxCpc },
      });
    },
  }),
  journey({
    name: 'list CSV',
    weight: 3,
    endpoint: endpoints.exportKeywordList,
    call: (user, random) =>
      endpointCall(endpoints.exportKeywordList, {
        token: user.token,
        params: { id: random.chance(0.6) ? user.browseListId : user.workList.id },
      }),
  }),
  // Writing ads for a list: the dialog reads the list's brief, then asks for the preview written from it.
  journey({
    name: 'ad brief',
    weight: 2,
    endpoint: endpoints.keywordListAdBrief,
    call: (user) =>
      endpointCall(endpoints.keywordListAdBrief, { token: user.token, params: { id: user.browseListId } }),
    settle(user, answer) {
      if (answer?.status === 200) adBriefs.set(user, json<AdBrief>(answer));
    },
  }),
  journey({
    name: 'ad copy',
    weight: 1,
    endpoint: endpoints.adCopy,
    call(user) {
      // From the list's brief once the dialog has read one; before that, from the project's own facts
      // and a few of its keywords, as a person writes ads for a project without a list.
      const brief = adBriefs.get(user);
      const { theme } = user.projects[0]!;
      const body = brief
        ? { keywords: brief.keywords, projectInfo: brief.projectInfo }
        : {
            keywords: [0, 1, 2].map((n) => themeKeyword(theme, n)),
            projectInfo: { name: theme.name, description: theme.description, city: theme.city },
          };
      return endpointCall(endpoints.adCopy, { token: user.token, body });
    },
  }),
  journey({
    name: 'generation start',
    weight: 1,
    endpoint: endpoints.startKeywordGeneration,
    call(user) {
      const theme = user.projects[0]!.theme;
      return endpointCall(endpoints.startKeywordGeneration, {
        token: user.token,
        body: {
          projectName: `${theme.name} ideas ${user.index}-${++user.generations}`,
          productService: theme.description,
          country: theme.country,
          city: theme.city,
          language: theme.language,
          keywordCount: constants.generatorKeywordCount.min,
          keywordLength: '2-3',
        },
      });
    },
    settle(user, answer) {
      if (answer?.status === 202) user.generatedProjectIds.push(json<{ projectId: number }>(answer).projectId);
    },
  }),
  journey({
    name: 'generation status',
    weight: 4,
    endpoint: endpoints.projectStatus,
    // The generator page polls its latest run; a user who has started none looks at a project of theirs.
    call: (user) =>
      endpointCall(endpoints.projectStatus, {
        token: user.token,
        params: { projectId: user.generatedProjectIds.at(-1) ?? user.projects[0]!.id },
      }),
  }),
  ...analysisJourneys,
];

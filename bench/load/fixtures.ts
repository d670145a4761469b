// The simulated users of a load run, each signed up with their own projects, keywords and lists, all made through the API.
import { endpoints } from '@keywright/contract';
import { endpointCall, json, type LoadClient } from './client';

/** What a user's projects are about: the project facts and the head terms their keywords are made of. */
export interface Theme {
  name: string;
  description: string;
  country: string;
  city: string;
  language: string;
  heads: readonly string[];
}

const themes: readonly Theme[] = [
  {
    name: 'Roastery',
    description: 'Specialty coffee beans roasted to order, brewing gear and subscriptions',
    country: 'United States',
    city: 'Portland',
    language: 'English',
    heads: ['coffee beans', 'espresso beans', 'cold brew coffee', 'decaf coffee', 'coffee grinder', 'pour over kit'],
  },
  {
    name: 'Trail Running',
    description: 'Trail running shoes, lightweight vests and hydration packs',
    country: 'United States',
    city: 'Denver',
    language: 'English',
    heads: ['trail running shoes', 'running vest', 'hydration pack', 'trail socks', 'running poles', 'rain jacket'],
  },
  {
    name: 'Family Dental',
    description: 'A family dentist offering cleanings, whitening and emergency care',
    country: 'United States',
    city: 'Austin',
    language: 'English',
    heads: ['family dentist', 'teeth whitening', 'dental cleaning', 'emergency dentist', 'dental implants', 'braces'],
  },
  {
    name: 'Green Gardens',
    description: 'Landscaping services, lawn care and garden design for homes',
    country: 'United Kingdom',
    city: 'Manchester',
    language: 'English',
    heads: [
      'landscaping services',
      'lawn care',
      'garden design',
      'hedge trimming',
      'patio installation',
      'tree surgeon',
    ],
  },
  {
    name: 'Yoga Studio',
    description: 'Yoga classes for beginners, hot yoga and teacher training',
    country: 'Canada',
    city: 'Toronto',
    language: 'English',
    heads: ['yoga classes', 'hot yoga', 'yoga teacher training', 'prenatal yoga', 'yoga mat', 'meditation class'],
  },
];

const qualifiers = [
  '',
  'best',
  'cheap',
  'organic',
  'local',
  'premium',
  'affordable',
  'professional',
  'custom',
  'quick',
];
const suffixes = [
  '',
  'near me',
  'online',
  'price',
  'reviews',
  'for sale',
  'delivery',
  'deals',
  'shop',
  'for beginners',
];

/** The n-th keyword of a theme: a qualifier, a head and a suffix; unique for every n. */
export function themeKeyword(theme: Theme, n: number): string {
  const perRound = qualifiers.length * theme.heads.length * suffixes.length;
  const round = Math.floor(n / perRound);
  const rest = n % perRound;
  const suffix = suffixes[rest % suffixes.length]!;
  const head = theme.heads[Math.floor(rest / suffixes.length) % theme.heads.length]!;
  const qualifier = qualifiers[Math.floor(rest / (suffixes.length * theme.heads.length))]!;
  return [qualifier, head, suffix, round > 0 ? String(round + 1) : ''].filter(Boolean).join(' ');
}

export interface LoadProject {
  id: number;
  theme: Theme;
  /** The index of the next keyword text to add, so adds never repeat one. */
  nextKeyword: number;
  /** Keywords made here, roughly: for picking pages. */
  keywordCount: number;
}

export interface LoadUser {
  index: number;
  email: string;
  password: string;
  token: string;
  projects: LoadProject[];
  /** Keywords of the first project that are never deleted: what list items and holdings are made of. */
  stableKeywordIds: number[];
  /** Keywords a delete may take: the other projects' and those added during the run. */
  deletable: number[];
  /** A list of some stable keywords, only read during the run. */
  browseListId: number;
  /** A list whose items are added and removed during the run: `held` are in it, `free` may be added. */
  workList: { id: number; held: number[]; free: number[] };
  /** The lists page's ETag, sent back as a browser would. */
  listsEtag: string | null;
  /** Projects made by generation starts, the latest last. */
  generatedProjectIds: number[];
  generations: number;
}

export interface FixtureSize {
  users: number;
  projectsPerUser: number;
  keywordsPerProject: number;
  /** Stable keywords in the browse list, and in the work list at the start. */
  browseListItems: number;
  workListItems: number;
}

export const LOAD_PASSWORD = 'load-password-1';

/** Runs `task` over `items` with at most `concurrency` at once. */
async function eachLimited<T>(items: readonly T[], concurrency: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

async function prepareUser(client: LoadClient, index: number, size: FixtureSize, runTag: string): Promise<LoadUser> {
  const email = `load-${runTag}-${index}@example.com`;
  const signUp = await client.expect(
    {
      method: 'POST',
      path: '/api/auth/sign-up/email',
      body: { email, password: LOAD_PASSWORD, name: `Load User ${index}` },
    },
    200,
  );
  const token = signUp.headers['set-auth-token'];
  if (typeof token !== 'string') throw new Error('sign-up gave no bearer token');

  const projects: LoadProject[] = [];
  for (let p = 0; p < size.projectsPerUser; p++) {
    const theme = themes[(index + p) % themes.length]!;
    const created = await client.expect(
      endpointCall(endpoints.createProject, {
        token,
        body: {
          name: `${theme.name} ${index}-${p + 1}`,
          description: theme.description,
          country: theme.country,
          city: theme.city,
          language: theme.language,
        },
      }),
      201,
    );
    projects.push({ id: json<{ id: number }>(created).id, theme, nextKeyword: 0, keywordCount: 0 });
  }

  const stableKeywordIds: number[] = [];
  const deletable: number[] = [];
  for (const [p, project] of projects.entries()) {
    const ids = await Promise.all(
      Array.from({ length: size.keywordsPerProject }, async (_, n) => {
        const added = await client.expect(
          endpointCall(endpoints.addProjectKeyword, {
            token,
            params: { projectId: project.id },
            body: { keyword: themeKeyword(project.theme, n) },
          }),
          201,
        );
        return json<{ id: number }>(added).id;
      }),
    );
    project.nextKeyword = project.keywordCount = size.keywordsPerProject;
    (p === 0 ? stableKeywordIds : deletable).push(...ids);
    // Figures for every keyword, cached as Show CPC leaves them, so CPC filters have something to filter.
    await client.expect(endpointCall(endpoints.keywordMetrics, { token, body: { projectId: project.id } }), 200);
  }

  const makeList = async (name: string) => {
    const created = await client.expect(
      endpointCall(endpoints.createKeywordList, { token, body: { name, project_id: projects[0]!.id } }),
      201,
    );
    return json<{ id: number }>(created).id;
  };
  const browseListId = await makeList(`Shortlist ${index}`);
  const workListId = await makeList(`Working list ${index}`);
  const addItems = (listId: number, keywordIds: number[]) =>
    Promise.all(
      keywordIds.map((keywordId) =>
        client.expect(
          endpointCall(endpoints.addKeywordListItem, { token, body: { list_id: listId, keyword_id: keywordId } }),
          201,
        ),
      ),
    );
  await addItems(browseListId, stableKeywordIds.slice(0, size.browseListItems));
  const held = stableKeywordIds.slice(-size.workListItems);
  await addItems(workListId, held);

  return {
    index,
    email,
    password: LOAD_PASSWORD,
    token,
    projects,
    stableKeywordIds,
    deletable,
    browseListId,
    workList: { id: workListId, held, free: stableKeywordIds.filter((id) => !held.includes(id)) },
    listsEtag: null,
    generatedProjectIds: [],
    generations: 0,
  };
}

/** Signs every user up and makes their data through the API, a few users at a time. */
export async function prepareLoadUsers(client: LoadClient, size: FixtureSize): Promise<LoadUser[]> {
  const runTag = Date.now().toString(36);
  const users: LoadUser[] = [];
  await eachLimited(
    Array.from({ length: size.users }, (_, index) => index),
    8,
    async (index) => {
      users.push(await prepareUser(client, index, size, runTag));
    },
  );
  return users.sort((a, b) => a.index - b.index);
}

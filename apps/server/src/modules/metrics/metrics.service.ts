import {
  cpcRangeOverlaps,
  fitsLengthRule,
  messages,
  normalizeKeyword,
  paginate,
  tidyKeyword,
  type GenerateFilteredKeywordsAnswer,
  type GeneratedKeyword,
  type KeywordFigures,
  type KeywordIdea,
  type KeywordMetricsAnswer,
  type KeywordSuggestionsAnswer,
  type MoreKeywordsLength,
  type SimilarKeywordsAnswer,
} from '@keywright/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { canReadOwnedBy, getReadableList, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { generationRuns, keywordListItems, keywords, projects } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { KeywordGenerator, ProjectFacts } from '../../providers/keyword-generator/keyword-generator';
import { LlmError } from '../../providers/keyword-generator/llm';
import {
  UpstreamError,
  type KeywordMetrics,
  type MetricsPlace,
  type MetricsProvider,
} from '../../providers/metrics/metrics-provider';
import { withIntents } from '../../queries/keyword-intents';
import { keywordColumns } from '../../queries/keyword-columns';
import { figuresFromMetrics, metricsScope, type MetricsScope } from '../../queries/figures';
import { createMetricsRepository } from './metrics.repository';
import { widerSettings } from './wider-settings';

/** Suggestions shown at most; seeds sent at most (the Planning API's limit). */
const SUGGESTION_LIMIT = 50;
const SIMILAR_LIMIT = 20;
const MAX_SEEDS = 20;
/** Generate-more asks for this many candidates per keyword still wanted, for a few rounds. */
const CANDIDATE_FACTOR = { withBounds: 4, withoutBounds: 2 };
const MAX_ROUNDS = 5;
const MAX_CANDIDATES_PER_ROUND = 1_000;
/** Orders keywords by their number of words, fewest first. */
const broadestFirst = sql`array_length(string_to_array(${keywords.normalized}, ' '), 1)`;

interface ProjectRow {
  id: number;
  name: string;
  brand: string;
  description: string;
  country: string;
  city: string;
  language: string;
  siteUrl: string;
  targetAudience: string;
  competitors: string;
}

const placeOf = (project: Pick<ProjectRow, 'country' | 'city' | 'language'>): MetricsPlace => ({
  country: project.country,
  city: project.city,
  language: project.language,
});

/** What the keyword generator (and the offline ideas) read of a project. */
const factsOf = (project: ProjectRow): ProjectFacts => ({
  name: project.name,
  brand: project.brand,
  productService: project.description,
  targetAudience: project.targetAudience,
  siteUrl: project.siteUrl,
  competitors: project.competitors,
  country: project.country,
  city: project.city,
  language: project.language,
});

/** Provider failures become the API's 502 with the provider's text; other errors pass. */
async function upstream<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof UpstreamError || error instanceof LlmError) {
      throw new AppError('upstream_error', error.message);
    }
    throw error;
  }
}

export function createMetricsService({
  db,
  provider,
  generator,
}: {
  db: Db;
  provider: MetricsProvider | null;
  generator: KeywordGenerator;
}) {
  const repository = createMetricsRepository(db);
  /** One upstream fetch per project and scope at a time in this process; a second caller waits for it. */
  const inFlight = new Map<string, Promise<void>>();

  function requireProvider(): MetricsProvider {
    if (!provider) throw new AppError('unavailable', messages.metricsOff);
    return provider;
  }

  /** The project, if the caller may read (and so change) it; else 404 like a missing id. */
  async function loadProject(caller: Caller, projectId: number): Promise<ProjectRow> {
    const project = await findProject(caller, projectId);
    if (!project) throw notFound();
    return project;
  }

  async function findProject(caller: Caller, projectId: number): Promise<ProjectRow | null> {
    const [row] = await db
      .select({
        id: projects.id,
        name: projects.name,
        brand: projects.brand,
        description: projects.description,
        country: projects.country,
        city: projects.city,
        language: projects.language,
        siteUrl: projects.siteUrl,
        targetAudience: projects.targetAudience,
        competitors: projects.competitors,
      })
      .from(projects)
      .where(and(eq(projects.id, projectId), canReadOwnedBy(db, projects.userId, caller)));
    return row ?? null;
  }

  /** Asks the provider for these keywords in batches of its maximum and caches every answer. */
  async function fetchAndStore(metrics: MetricsProvider, scope: MetricsScope, place: MetricsPlace, wanted: string[]) {
    const answers = new Map<string, KeywordMetrics>();
    if (wanted.length === 0) return { answers, currency: null };
    // The bids come in the provider's currency for the place (Google Ads: the account's); kept with them.
    const currency = await upstream(() => metrics.currencyFor(place));
    for (let start = 0; start < wanted.length; start += metrics.maxKeywordsPerRequest) {
      const batch = wanted.slice(start, start + metrics.maxKeywordsPerRequest);
      const batchAnswers = new Map<string, KeywordMetrics>();
      for (const answer of await upstream(() => metrics.historicalMetrics(batch, place))) {
        batchAnswers.set(normalizeKeyword(answer.keyword), answer);
      }
      // Each batch is stored whole as soon as it arrives: a later batch failing loses nothing stored.
      await repository.store(scope, batch, batchAnswers, currency);
      for (const [keyword, answer] of batchAnswers) answers.set(keyword, answer);
    }
    return { answers, currency };
  }

  /** Makes sure every keyword of the project has fresh figures in the cache. */
  async function ensureProjectMetrics(project: ProjectRow, refresh: boolean): Promise<MetricsScope> {
    const metrics = requireProvider();
    const place = placeOf(project);
    const scope = metricsScope(metrics.name, place);
    const key = `${project.id}:${scope.geo}:${scope.language}:${refresh}`;
    let running = inFlight.get(key);
    if (!running) {
      running = (async () => {
        const wanted = await repository.keywordsToFetch(project.id, scope, refresh);
        await fetchAndStore(metrics, scope, place, wanted);
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, running);
    }
    await running;
    return scope;
  }

  /** Figures for any keywords of a project: from the cache, the rest fetched in one go and cached. */
  async function figuresFor(
    projectId: number,
    place: MetricsPlace,
    texts: readonly string[],
  ): Promise<Map<string, KeywordFigures>> {
    const metrics = requireProvider();
    const scope = metricsScope(metrics.name, place);
    const normalized = [...new Set(texts.map(normalizeKeyword))];
    const figures = await repository.cached(scope, normalized, projectId);
    const missing = normalized.filter((keyword) => !figures.has(keyword));
    const fetched = await fetchAndStore(metrics, scope, place, missing);
    for (const keyword of missing) {
      const answer = fetched.answers.get(keyword);
      figures.set(
        keyword,
        answer ? figuresFromMetrics(answer, metrics.name, fetched.currency) : unknownFigures(metrics.name),
      );
    }
    return figures;
  }

  /** Ideas with figures, caching them; a project's ideas are asked with its facts, read as its keywords are. */
  async function ideas(
    place: MetricsPlace,
    seeds: string[],
    limit: number,
    exclude: Set<string>,
    project?: ProjectRow,
  ) {
    const metrics = requireProvider();
    const scope = metricsScope(metrics.name, place);
    const query = { seeds, siteUrl: project?.siteUrl || undefined, place, limit: limit + exclude.size };
    const answers = await upstream(() => metrics.keywordIdeas({ ...query, project: project && factsOf(project) }));
    const currency = await upstream(() => metrics.currencyFor(place));
    const seen = new Set(exclude);
    const picked: KeywordMetrics[] = [];
    for (const answer of answers) {
      const normalized = normalizeKeyword(answer.keyword);
      if (!normalized || seen.has(normalized)) continue;
      seen.add(normalized);
      picked.push(answer);
      if (picked.length === limit) break;
    }
    await repository.store(
      scope,
      picked.map((answer) => normalizeKeyword(answer.keyword)),
      new Map(picked.map((answer) => [normalizeKeyword(answer.keyword), answer])),
      currency,
    );
    return picked.map((answer): KeywordIdea => ({
      keyword: tidyKeyword(answer.keyword),
      ...figuresFromMetrics(answer, metrics.name, currency),
    }));
  }

  async function existingNormalized(projectId: number, among?: string[]): Promise<Set<string>> {
    if (among && among.length === 0) return new Set();
    const rows = await db
      .select({ normalized: keywords.normalized })
      .from(keywords)
      .where(and(eq(keywords.projectId, projectId), among ? inArray(keywords.normalized, among) : undefined));
    return new Set(rows.map((row) => row.normalized));
  }

  /** Ideas seeded from a list's keywords (broadest first), for its project's place; minus what the list has. */
  async function listSuggestions(
    caller: Caller,
    listId: number,
    projectId?: number,
  ): Promise<KeywordSuggestionsAnswer> {
    const list = await getReadableList(db, caller, listId);
    if (list.projectId == null) throw new AppError('validation_error', messages.listNeedsProject);
    // The list decides the project; a projectId that names another is a mistake.
    const project =
      projectId === undefined || projectId === list.projectId ? await findProject(caller, list.projectId) : null;
    if (!project) throw new AppError('not_found', messages.projectNotFoundForList);
    requireProvider();
    const inList = await db
      .select({ keyword: keywords.keyword, normalized: keywords.normalized })
      .from(keywordListItems)
      .innerJoin(keywords, eq(keywords.id, keywordListItems.keywordId))
      .where(eq(keywordListItems.listId, list.id))
      .orderBy(broadestFirst, desc(keywordListItems.addedAt));
    const seeds = inList.length > 0 ? inList.slice(0, MAX_SEEDS).map((row) => row.keyword) : [project.name];
    const exclude = new Set([...inList.map((row) => row.normalized), ...seeds.map(normalizeKeyword)]);
    const found = await ideas(placeOf(project), seeds, SUGGESTION_LIMIT, exclude, project);
    return { suggestions: found };
  }

  return {
    /**
     * A page of the project's keywords (newest first) with figures. The first page (and a
     * refresh) makes sure every keyword of the project is cached, fetching what is missing in
     * batches; any other page only fetches its own rows should they be missing.
     */
    async keywordMetrics(
      caller: Caller,
      input: { projectId: number; page: number; pageSize: number; refresh: boolean },
    ): Promise<KeywordMetricsAnswer> {
      const project = await loadProject(caller, input.projectId);
      const wholeProject = input.page === 1 || input.refresh;
      const scope = wholeProject
        ? await ensureProjectMetrics(project, input.refresh)
        : metricsScope(requireProvider().name, placeOf(project));
      const page = { offset: (input.page - 1) * input.pageSize, limit: input.pageSize };
      let { rows, totalCount } = await repository.projectPage(project.id, scope, page);
      const missing = rows.filter((row) => !row.figures).map((row) => row.keyword);
      if (!wholeProject && missing.length > 0) {
        await figuresFor(project.id, placeOf(project), missing);
        ({ rows, totalCount } = await repository.projectPage(project.id, scope, page));
      }
      return {
        data: rows.map(({ id, keyword, figures }) => ({ id, keyword, ...(figures ?? unknownFigures(scope.provider)) })),
        pagination: paginate(input.page, input.pageSize, totalCount),
        source: scope.provider,
      };
    },

    /**
     * Generates candidates, keeps those inside the CPC bounds and the word count, and repeats
     * until it has the count or the generator runs dry; then adds them in one transaction.
     */
    async generateFiltered(
      caller: Caller,
      input: {
        projectId: number;
        count: number;
        minCpc: number | null;
        maxCpc: number | null;
        keywordLength: MoreKeywordsLength;
      },
    ): Promise<GenerateFilteredKeywordsAnswer> {
      // Whoever may read a project may change it (only deleting is the owner's).
      const project = await loadProject(caller, input.projectId);
      const hasBounds = input.minCpc != null || input.maxCpc != null;
      if (hasBounds) requireProvider();
      const place = placeOf(project);
      const facts = factsOf(project);
      const existing = await existingNormalized(project.id);
      const tried = new Set<string>();
      const kept: Array<{ keyword: string; figures: KeywordFigures | null }> = [];
      // Whether the CPC bounds turned keywords away: then they, not the word count, explain a shortfall.
      let byCpcRange = false;
      const factor = hasBounds ? CANDIDATE_FACTOR.withBounds : CANDIDATE_FACTOR.withoutBounds;
      for (let round = 0; round < MAX_ROUNDS && kept.length < input.count; round++) {
        const wanted = Math.min(MAX_CANDIDATES_PER_ROUND, (input.count - kept.length) * factor);
        const candidates = await upstream(() =>
          generator.generate({
            project: facts,
            count: wanted,
            lengthRule: input.keywordLength,
            avoid: [...existing, ...tried],
          }),
        );
        const fresh = candidates.map(tidyKeyword).filter((keyword) => {
          const normalized = normalizeKeyword(keyword);
          if (!normalized || existing.has(normalized) || tried.has(normalized)) return false;
          tried.add(normalized);
          return fitsLengthRule(keyword, input.keywordLength);
        });
        if (fresh.length === 0) break; // the generator has nothing new left
        const figures = provider ? await figuresFor(project.id, place, fresh) : new Map<string, KeywordFigures>();
        for (const keyword of fresh) {
          const figure = figures.get(normalizeKeyword(keyword)) ?? null;
          if (!cpcRangeOverlaps(figure?.cpc_low ?? null, figure?.cpc_high ?? null, input.minCpc, input.maxCpc)) {
            byCpcRange = true;
            continue;
          }
          kept.push({ keyword, figures: figure });
          if (kept.length === input.count) break;
        }
      }
      const shortfall = (delivered: number) =>
        delivered < input.count
          ? {
              notice: messages.keywordsShortfall(delivered, input.keywordLength, { dialog: 'more', byCpcRange }),
              ...widerSettings(input, byCpcRange),
            }
          : {};
      if (kept.length === 0) return { generated: [], requested: input.count, runId: null, ...shortfall(0) };

      return db.transaction(async (tx) => {
        const [run] = await tx
          .insert(generationRuns)
          .values({
            projectId: project.id,
            userId: caller.id,
            kind: 'more',
            status: 'completed',
            params: {
              facts,
              count: input.count,
              lengthRule: input.keywordLength,
              minCpc: input.minCpc,
              maxCpc: input.maxCpc,
              byCpcRange,
            },
            requested: input.count,
            progress: kept.length,
            keywordsAdded: 0,
            startedAt: sql`now()`,
            finishedAt: sql`now()`,
          })
          .returning({ id: generationRuns.id });
        const added = await tx
          .insert(keywords)
          .values(
            withIntents(
              project,
              kept.map(({ keyword }) => ({
                projectId: project.id,
                keyword,
                normalized: normalizeKeyword(keyword),
                source: 'generated' as const,
                generationId: run!.id,
              })),
            ),
          )
          .onConflictDoNothing({ target: [keywords.projectId, keywords.normalized] })
          .returning(keywordColumns);
        await tx.update(generationRuns).set({ keywordsAdded: added.length }).where(eq(generationRuns.id, run!.id));
        const figuresByKeyword = new Map(kept.map((entry) => [normalizeKeyword(entry.keyword), entry.figures]));
        const generated: GeneratedKeyword[] = added.map((row) => ({
          ...row,
          metrics: figuresByKeyword.get(normalizeKeyword(row.keyword)) ?? null,
        }));
        return { generated, requested: input.count, runId: run!.id, ...shortfall(generated.length) };
      });
    },

    /** Ideas from the project's keywords, minus what the project has; or from a list's, minus what the list has. */
    async suggestions(
      caller: Caller,
      input: { projectId?: number; listId?: number },
    ): Promise<KeywordSuggestionsAnswer> {
      if (input.listId !== undefined) return listSuggestions(caller, input.listId, input.projectId);
      const project = await loadProject(caller, input.projectId!);
      requireProvider();
      // The broadest keywords make the best seeds: fewest words first, then the newest.
      const newest = await db
        .select({ keyword: keywords.keyword })
        .from(keywords)
        .where(eq(keywords.projectId, project.id))
        .orderBy(broadestFirst, desc(keywords.createdAt), desc(keywords.id))
        .limit(MAX_SEEDS);
      const seeds = newest.length > 0 ? newest.map((row) => row.keyword) : [project.name];
      const found = await ideas(
        placeOf(project),
        seeds,
        SUGGESTION_LIMIT * 2,
        new Set(seeds.map(normalizeKeyword)),
        project,
      );
      const inProject = await existingNormalized(
        project.id,
        found.map((idea) => normalizeKeyword(idea.keyword)),
      );
      return {
        suggestions: found.filter((idea) => !inProject.has(normalizeKeyword(idea.keyword))).slice(0, SUGGESTION_LIMIT),
      };
    },

    /** Fetches these keywords' figures for a place and caches them, in batches (a list's Load CPC). */
    async fetchFigures(place: MetricsPlace, normalized: string[]): Promise<void> {
      const metrics = requireProvider();
      await fetchAndStore(metrics, metricsScope(metrics.name, place), place, normalized);
    },

    /** Which provider's figures are merged (null: metrics are off). */
    source: provider?.name ?? null,

    /** Keywords similar to one keyword, for a place and language. */
    async similar(input: {
      keyword: string;
      language: string;
      country: string;
      city: string;
    }): Promise<SimilarKeywordsAnswer> {
      requireProvider();
      const keyword = tidyKeyword(input.keyword);
      const found = await ideas(
        { country: input.country, city: input.city, language: input.language },
        [keyword],
        SIMILAR_LIMIT,
        new Set([normalizeKeyword(keyword)]),
      );
      return { keywords: found };
    },

    purgeExpired: () => repository.purgeExpired(),
  };
}

function unknownFigures(source: KeywordFigures['source']): KeywordFigures {
  return {
    avg_monthly_searches: null,
    competition: null,
    competition_index: null,
    cpc_low: null,
    cpc_high: null,
    difficulty: null,
    cpc_range: 'N/A',
    source,
    currency: null,
  };
}

export type MetricsService = ReturnType<typeof createMetricsService>;

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
import { getReadableList, listProjectNotFound, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { KeywordGenerator, ProjectFacts } from '../../providers/keyword-generator/keyword-generator';
import type { KeywordMetrics, MetricsPlace, MetricsProvider } from '../../providers/metrics/metrics-provider';
import { figuresFromMetrics, metricsScope } from '../../queries/figures';
import { topSearchedQueries } from '../../queries/searched-queries';
import { createFiguresFetcher, unknownFigures, upstream } from './figures-fetcher';
import { createMetricsRepository, type ProjectRow } from './metrics.repository';
import { widerSettings } from './wider-settings';

/** Suggestions shown at most; seeds sent at most (the Planning API's limit). */
const SUGGESTION_LIMIT = 50;
const SIMILAR_LIMIT = 20;
const MAX_SEEDS = 20;
/** Generate-more asks for this many candidates per keyword still wanted, for a few rounds. */
const CANDIDATE_FACTOR = { withBounds: 4, withoutBounds: 2 };
const MAX_ROUNDS = 5;
const MAX_CANDIDATES_PER_ROUND = 1_000;

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
  const fetcher = createFiguresFetcher(repository);

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

  const findProject = (caller: Caller, projectId: number) => repository.findProject(caller, projectId);

  /** Figures for any keywords of a project: from the cache, the rest fetched in one go and cached. */
  const figuresFor = (projectId: number, place: MetricsPlace, texts: readonly string[]) =>
    fetcher.figuresFor(requireProvider(), projectId, place, texts);

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
    if (!project) throw listProjectNotFound();
    requireProvider();
    const inList = await repository.listKeywords(list.id);
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
        ? await fetcher.ensureProjectMetrics(requireProvider(), project.id, placeOf(project), input.refresh)
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
      const searchQueries = await topSearchedQueries(db, project.id);
      const facts = { ...factsOf(project), searchQueries };
      // Candidates people already typed rank by how often the site showed for them (issue 26).
      const impressions = new Map(searchQueries.map((entry) => [normalizeKeyword(entry.query), entry.impressions]));
      const seenMost = (keyword: string) => impressions.get(normalizeKeyword(keyword)) ?? 0;
      const existing = await repository.existingNormalized(project.id);
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
        // A stable sort: the generator's order stands among candidates nobody searched for yet.
        fresh.sort((a, b) => seenMost(b) - seenMost(a));
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

      const { runId, added } = await repository.addMoreKeywords({
        project,
        userId: caller.id,
        params: {
          facts,
          count: input.count,
          lengthRule: input.keywordLength,
          minCpc: input.minCpc,
          maxCpc: input.maxCpc,
          byCpcRange,
        },
        requested: input.count,
        keywords: kept.map(({ keyword }) => keyword),
      });
      const figuresByKeyword = new Map(kept.map((entry) => [normalizeKeyword(entry.keyword), entry.figures]));
      const generated: GeneratedKeyword[] = added.map((row) => ({
        ...row,
        metrics: figuresByKeyword.get(normalizeKeyword(row.keyword)) ?? null,
      }));
      return { generated, requested: input.count, runId, ...shortfall(generated.length) };
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
      const newest = await repository.projectSeeds(project.id, MAX_SEEDS);
      // What people typed before they saw the site says best what to look around (issue 26): half the seeds.
      const searched = (await topSearchedQueries(db, project.id, MAX_SEEDS / 2)).map((entry) => entry.query);
      const unique = [...new Map([...searched, ...newest].map((seed) => [normalizeKeyword(seed), seed])).values()];
      const seeds = unique.length > 0 ? unique.slice(0, MAX_SEEDS) : [project.name];
      const found = await ideas(
        placeOf(project),
        seeds,
        SUGGESTION_LIMIT * 2,
        new Set(seeds.map(normalizeKeyword)),
        project,
      );
      const inProject = await repository.existingNormalized(
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
      await fetcher.fetchAndStore(metrics, metricsScope(metrics.name, place), place, normalized);
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

export type MetricsService = ReturnType<typeof createMetricsService>;

import type { Keyword, KeywordPageRow, SearchIntent } from '@keywright/contract';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { canReadProject, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { keywords, projects, searchConsoleProjects } from '../../db/schema';
import type { MetricsPlace } from '../../providers/metrics/metrics-provider';
import { cpcBoundsCondition, figureColumns, metricsJoin } from '../../queries/figures';
import { keywordColumns, keywordRowColumns } from '../../queries/keyword-columns';
import { intentCondition } from '../../queries/keyword-filters';
import { updateClustersForKeywords } from '../../queries/cluster-updates';
import { findProjectTextFacts, type ProjectTextFacts } from '../../queries/keyword-intents';
import { searchConsoleColumns, searchConsoleJoin } from '../../queries/search-console-figures';
import { toPageRow, type PageMetrics, type PageRow } from './keyword-page.repository';

export function createKeywordRepository(db: Db) {
  return {
    listForProject(projectId: number): Promise<Keyword[]> {
      return db
        .select(keywordColumns)
        .from(keywords)
        .where(eq(keywords.projectId, projectId))
        .orderBy(desc(keywords.createdAt), desc(keywords.id));
    },

    /** Inserts unless the normalized keyword exists in the project; null then. */
    async insertIfNew(values: {
      projectId: number;
      keyword: string;
      normalized: string;
      source: Keyword['source'];
      intent: SearchIntent[];
    }): Promise<Keyword | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(keywords)
          .values(values)
          .onConflictDoNothing({ target: [keywords.projectId, keywords.normalized] })
          .returning(keywordColumns);
        if (row) await updateClustersForKeywords(tx, values.projectId, { added: [row] });
        return row ?? null;
      });
    },

    /** Inserts these rows (read with their intents) in one statement, skipping those the project has; the rows added. */
    insertNew(
      rows: ReadonlyArray<{
        projectId: number;
        keyword: string;
        normalized: string;
        source: Keyword['source'];
        intent: SearchIntent[];
        intentOpen: boolean;
      }>,
    ): Promise<Keyword[]> {
      const projectId = rows[0]?.projectId;
      if (projectId === undefined) return Promise.resolve([]);
      return db.transaction(async (tx) => {
        const added = await tx
          .insert(keywords)
          .values([...rows])
          .onConflictDoNothing({ target: [keywords.projectId, keywords.normalized] })
          .returning(keywordColumns);
        await updateClustersForKeywords(tx, projectId, { added });
        return added;
      });
    },

    /** What the project's keywords' intents are read against; null when it is gone. */
    findTextFacts: (projectId: number): Promise<ProjectTextFacts | null> => findProjectTextFacts(db, projectId),

    /** The project's name and place for an export; null when the caller may not read it. */
    async exportContext(
      caller: Caller,
      projectId: number,
    ): Promise<{
      name: string;
      place: MetricsPlace;
      chosenCurrency: string;
      /** The project's current Search Console import, whose figures the export carries; null: none. */
      searchConsoleImportId: number | null;
    } | null> {
      const [row] = await db
        .select({
          name: projects.name,
          country: projects.country,
          city: projects.city,
          language: projects.language,
          chosenCurrency: projects.currency,
          searchConsoleImportId: searchConsoleProjects.currentImportId,
        })
        .from(projects)
        .leftJoin(searchConsoleProjects, eq(searchConsoleProjects.projectId, projects.id))
        .where(and(eq(projects.id, projectId), canReadProject(db, projects, caller)));
      return row
        ? {
            name: row.name,
            place: { country: row.country, city: row.city, language: row.language },
            chosenCurrency: row.chosenCurrency,
            searchConsoleImportId: row.searchConsoleImportId ?? null,
          }
        : null;
    },

    /**
     * Every keyword, newest first, in batches read by key rather than offset; with figures
     * merged when metrics are given, only those inside the CPC bounds when set, and only those
     * carrying any of `intents` when given; with the Search Console figures of import
     * `searchConsoleImportId` when given.
     */
    async *allForExport(
      projectId: number,
      {
        metrics,
        intents = [],
        searchConsoleImportId = null,
      }: { metrics?: PageMetrics; intents?: readonly SearchIntent[]; searchConsoleImportId?: number | null },
      batchSize = 2000,
    ): AsyncGenerator<KeywordPageRow[]> {
      const bounds = metrics && cpcBoundsCondition(metrics.minCpc, metrics.maxCpc);
      const intent = intentCondition(intents);
      const withSearchConsole = searchConsoleImportId != null;
      const selected = sql.join(
        [keywordRowColumns, ...(metrics ? [figureColumns] : []), ...(withSearchConsole ? [searchConsoleColumns] : [])],
        sql`, `,
      );
      const join = sql.join(
        [
          ...(metrics ? [metricsJoin(metrics.scope, bounds ? 'inner' : 'left')] : []),
          ...(withSearchConsole ? [searchConsoleJoin(sql`${searchConsoleImportId}`)] : []),
        ],
        sql` `,
      );
      let after: { createdAt: string; id: number } | null = null;
      for (;;) {
        const conditions: SQL[] = [
          sql`k.project_id = ${projectId}`,
          // A row comparison the (project, created_at, id) index can seek to.
          ...(after ? [sql`(k.created_at, k.id) < (${after.createdAt}::timestamptz, ${after.id})`] : []),
          ...(bounds ? [bounds] : []),
          ...(intent ? [intent] : []),
        ];
        const { rows }: { rows: Array<PageRow & { cursor: string }> } = await db.execute<
          PageRow & { cursor: string }
        >(sql`
          select ${selected}, k.created_at::text as cursor from keywords k ${join}
          where ${sql.join(conditions, sql` and `)}
          order by k.created_at desc, k.id desc limit ${batchSize}`);
        if (rows.length === 0) return;
        const last = rows[rows.length - 1]!;
        after = { createdAt: last.cursor, id: Number(last.id) };
        yield rows.map((row) => toPageRow(row, metrics, withSearchConsole));
        if (rows.length < batchSize) return;
      }
    },

    async remove(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(keywords).where(eq(keywords.id, id)).returning({ projectId: keywords.projectId });
        if (row) await updateClustersForKeywords(tx, row.projectId, { deleted: [id] });
      });
    },
  };
}
export type KeywordRepository = ReturnType<typeof createKeywordRepository>;

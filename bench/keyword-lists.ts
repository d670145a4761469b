import { keywordLists, projects } from '../apps/server/src/db/schema';
import { signUp, throughput, type RemoteBenchServer } from './support';

const LISTS = 1_000;
const BIG_LIST = 10_000;
const PAGE_SIZE = 20;

/**
 * The lists page with 1,000 lists (counts included), and a list of 10,000 keywords opened
 * page by page, plain and with figures, against the authenticated `select 1`.
 */
export async function benchKeywordLists(server: RemoteBenchServer) {
  const owner = await signUp(server.baseUrl, 'bench-lists@example.com');
  const { pool, db } = server.database;
  const [project] = await db
    .insert(projects)
    .values({ userId: owner.id, name: 'Bench Lists', description: 'A project whose keywords fill lists' })
    .returning({ id: projects.id });
  const projectId = project!.id;
  await pool.query(
    `insert into keywords (project_id, keyword, normalized, source, created_at)
     select $1, 'list keyword ' || g, 'list keyword ' || g, 'import', now() - g * interval '1 second'
     from generate_series(1, $2::int) g`,
    [projectId, BIG_LIST],
  );
  // Cached estimates for every keyword, as Load CPC leaves them (the project names no place).
  await pool.query(
    `insert into keyword_metrics (provider, geo, language, keyword, avg_monthly_searches, competition,
       competition_index, low_bid_micros, high_bid_micros, difficulty)
     select 'estimate', '|', '', 'list keyword ' || g, 1000, 'Medium', 50,
       100000 + (g % 97) * 50000, 100000 + (g % 97) * 50000 + (g % 13) * 200000, 40
     from generate_series(1, $1::int) g`,
    [BIG_LIST],
  );
  const lists = await db
    .insert(keywordLists)
    .values(
      Array.from({ length: LISTS }, (_, i) => ({
        userId: owner.id,
        name: `List ${i + 1}`,
        projectId: i % 2 === 0 ? projectId : null,
      })),
    )
    .returning({ id: keywordLists.id });
  const bigListId = lists[0]!.id;
  // The big list holds every keyword; each other list ten of them.
  await pool.query(
    `insert into keyword_list_items (list_id, keyword_id, added_at)
     select $1, k.id, now() - (row_number() over (order by k.id)) * interval '1 second'
     from keywords k where k.project_id = $2`,
    [bigListId, projectId],
  );
  await pool.query(
    `insert into keyword_list_items (list_id, keyword_id)
     select l.id, k.id from keyword_lists l
     join lateral (select id from keywords where project_id = $2 order by id offset (l.id % 1000) limit 10) k on true
     where l.user_id = $1 and l.id <> $3`,
    [owner.id, projectId, bigListId],
  );
  await pool.query('vacuum analyze keyword_lists');
  await pool.query('vacuum analyze keyword_list_items');
  await pool.query('vacuum analyze keywords');
  await pool.query('vacuum analyze keyword_metrics');

  const baseline = await throughput(`${server.baseUrl}/api/bench/select-1`, owner.token);
  const listsPage = await throughput(`${server.baseUrl}/api/keyword-lists`, owner.token);
  const listUrl = `${server.baseUrl}/api/keyword-lists/${bigListId}`;
  const pages = BIG_LIST / PAGE_SIZE;
  const firstPage = await throughput(`${listUrl}?page=1`, owner.token);
  const deepPage = await throughput(`${listUrl}?page=${pages - 10}`, owner.token);
  const figuresPage = await throughput(`${listUrl}?page=1&metrics=true`, owner.token);

  // Every page, one after another, as a person paging through the whole list.
  const started = performance.now();
  for (let page = 1; page <= pages; page++) {
    const response = await fetch(`${listUrl}?page=${page}`, { headers: { authorization: `Bearer ${owner.token}` } });
    const body = (await response.json()) as { keywords: unknown[] };
    if (!response.ok || body.keywords.length !== PAGE_SIZE) throw new Error(`page ${page} of the big list failed`);
  }
  const allPagesMs = performance.now() - started;
  return { baseline, listsPage, firstPage, deepPage, figuresPage, pages, allPagesMs };
}

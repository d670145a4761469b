// Groups at scale (issue 28): a project of 1,000,000 keywords grouped by the background job, with the
// server's memory, and one keyword added to grouped projects of 100,000 and 1,000,000 keywords.
// `npx tsx bench/clusters-scale.ts` runs only these.
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { projects } from '../apps/server/src/db/schema';
import { updateClustersForKeywords } from '../apps/server/src/queries/cluster-updates';
import { signUp, startRemoteBenchServer, type RemoteBenchServer } from './support';

const MB = 1024 * 1024;
const facts = {
  name: 'Northwind Goods',
  competitors: 'Acme Outfitters, Globex',
  city: 'Denver',
  country: 'United States',
};

// Words the phrases are made of: 16 x 40 x 40 x 40 = 1,024,000 phrases, no two alike.
const fronts = `{"",best,cheap,buy,handmade,custom,vintage,mens,womens,"how to clean","where to buy","top rated",affordable,small,large,"acme outfitters"}`;
const materials =
  `{leather,canvas,wool,suede,cotton,linen,denim,silk,cashmere,bamboo,oak,walnut,ceramic,glass,copper,steel,brass,
  marble,stone,clay,pine,maple,cedar,birch,teak,jute,hemp,felt,velvet,tweed,nylon,rubber,cork,wicker,rattan,resin,pewter,bronze,
  tin,zinc}`.replace(/\s+/g, '');
const things =
  `{wallet,belt,bag,backpack,boots,jacket,scarf,gloves,hat,blanket,table,chair,lamp,mug,bowl,vase,shelf,desk,rug,
  pillow,stool,bench,basket,tray,clock,mirror,frame,box,candle,planter,cabinet,dresser,sofa,ottoman,hammock,apron,tote,sandals,
  slippers,coaster}`.replace(/\s+/g, '');
const backs =
  `{"",near me,price,reviews,online,for sale,for men,for women,denver,ideas,brands,sale,repair,care,vs globex,gift,set,
  kit,diy,outlet,pattern,plans,design,colors,sizes,cleaning,restoration,wholesale,rental,styles,trends,makers,workshop,class,
  course,history,display,storage,cover,accessories}`.replace(/\n\s*/g, '');

/** A project of `count` search-like keywords (with cached volumes), made in SQL; its id. */
async function seedProject(server: RemoteBenchServer, ownerId: string, count: number): Promise<number> {
  const [project] = await server.database.db
    .insert(projects)
    .values({ userId: ownerId, ...facts, description: 'Goods of every material', language: 'English' })
    .returning({ id: projects.id });
  const projectId = project!.id;
  await server.database.pool.query(
    `insert into keywords (project_id, keyword, normalized, source, intent, created_at)
     select $1, t.text, t.text, 'import', '{}', now() - g * interval '1 second'
     from generate_series(0, $2::int - 1) g
       cross join lateral (select trim(concat_ws(' ', nullif(($3::text[])[1 + g % 16], ''),
         ($4::text[])[1 + (g / 16) % 40], ($5::text[])[1 + (g / 640) % 40], nullif(($6::text[])[1 + (g / 25600) % 40], '')))
         as text) t`,
    [projectId, count, fronts, materials, things, backs],
  );
  await server.database.pool.query('vacuum analyze keywords');
  return projectId;
}

const mb = (bytes: number) => `${bytes >= 0 ? '+' : ''}${(bytes / MB).toFixed(0)} MB`;

/** Rows for bench/run.ts's table: [measure, result, budget]. */
export async function benchClustersScale(server: RemoteBenchServer): Promise<Array<[string, string, string]>> {
  const rows: Array<[string, string, string]> = [];
  const owner = await signUp(server.baseUrl, `clusters-scale-${Date.now()}@bench.test`);
  const headers = { authorization: `Bearer ${owner.token}` };
  const memory = async () => (await (await fetch(`${server.baseUrl}/api/bench/memory`)).json()) as { rss: number };
  const read = (projectId: number) => fetch(`${server.baseUrl}/api/projects/${projectId}/clusters`, { headers });
  const untilReady = async (projectId: number) => {
    for (;;) {
      const response = await read(projectId);
      const body = await response.text();
      if (response.status === 200) return;
      if (response.status !== 202) throw new Error(`clusters answered ${response.status}: ${body}`);
      await new Promise((resolve) => setTimeout(resolve, 100)); // the clusters view polls too
    }
  };

  // BENCH_CLUSTER_SIZES=100000 measures one size only.
  const sizes = (process.env.BENCH_CLUSTER_SIZES ?? '100000,1000000').split(',').map(Number);
  for (const count of sizes) {
    const label = count.toLocaleString('en-US');
    const projectId = await seedProject(server, owner.id, count);
    console.error(`seeded ${label} keywords`);
    // Keywords added before the project has groups: what an add costs without placing it.
    const addKeyword = async (keyword: string) => {
      const at = performance.now();
      const added = await fetch(`${server.baseUrl}/api/projects/${projectId}/keywords`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ keyword }),
      });
      if (added.status !== 201) throw new Error(`adding a keyword answered ${added.status}`);
      return performance.now() - at;
    };
    const median = (times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return (sorted[1]! + sorted[2]!) / 2;
    };
    const plain: number[] = [];
    for (const keyword of ['walnut desk lamp shade', 'oak shelf liner', 'zinc planter tray', 'jute rug tape']) {
      plain.push(await addKeyword(keyword));
    }
    const before = await memory();
    let peak = before.rss;
    const sampler = setInterval(() => {
      // A sample lost while the server is busy is only a sample.
      memory()
        .then(({ rss }) => (peak = Math.max(peak, rss)))
        .catch(() => undefined);
    }, 50);
    const started = performance.now();
    await untilReady(projectId);
    const groupMs = performance.now() - started;
    clearInterval(sampler);
    const { rows: held } = await server.database.pool.query<{ keywords: number; groups: number }>(
      `select coalesce(sum(cardinality(keyword_ids)), 0)::int as keywords, count(*)::int as groups
       from keyword_clusters where project_id = $1 and tightness = 'balanced'`,
      [projectId],
    );
    if (held[0]!.keywords !== count + 4) throw new Error(`the groups hold ${held[0]!.keywords} keywords`);
    rows.push([
      `groups of a ${label}-keyword project by the background job (read, cluster, store)`,
      `${(groupMs / 1000).toFixed(1)} s, ${held[0]!.groups} groups, server RSS peak ${mb(peak - before.rss)}`,
      count === 1_000_000 ? (groupMs < 60_000 ? 'meets < 60 s' : 'MISSES < 60 s') : '',
    ]);

    // One keyword added at a time through the API, each placed in its group in the add's transaction.
    const times: number[] = [];
    for (const keyword of ['walnut desk organizer', 'oak shelf brackets', 'zinc planter hooks', 'jute rug pad']) {
      times.push(await addKeyword(keyword));
      const after = await read(projectId);
      if (after.status !== 200) throw new Error(`after an add the groups answered ${after.status}, not 200`);
      await after.arrayBuffer();
    }
    // The add's transaction itself, in this process: the insert alone, then the insert and the placing.
    const direct = async (keyword: string, place: boolean) => {
      const at = performance.now();
      await server.database.db.transaction(async (tx) => {
        const { rows: made } = await tx.execute<{ id: string; keyword: string }>(sql`
          insert into keywords (project_id, keyword, normalized, source, intent)
          values (${projectId}, ${keyword}, ${keyword}, 'manual', '{}') returning id, keyword`);
        const added = made.map((row) => ({ id: Number(row.id), keyword: row.keyword }));
        if (place) await updateClustersForKeywords(tx, projectId, { added });
      });
      return performance.now() - at;
    };
    const insertOnly: number[] = [];
    const placed: number[] = [];
    // Placed first: an insert alone leaves the groups behind, so no later add is placed.
    for (const thing of ['hinge', 'latch', 'knob', 'caster'])
      placed.push(await direct(`teak cabinet ${thing} set`, true));
    for (const thing of ['hinge', 'latch', 'knob', 'caster'])
      insertOnly.push(await direct(`teak cabinet ${thing}`, false));
    const placing = median(placed) - median(insertOnly);
    rows.push([
      `one keyword added to that project, groups current at once (POST, median of 4)`,
      `${median(times).toFixed(0)} ms (an add before the groups were made: ${median(plain).toFixed(0)} ms)`,
      '',
    ]);
    rows.push([
      `  the add's transaction: insert and place, median of 4 (insert alone)`,
      `${median(placed).toFixed(0)} ms (${median(insertOnly).toFixed(0)} ms): placing ${placing.toFixed(0)} ms`,
      median(placed) < 100 ? 'meets < 100 ms' : 'MISSES < 100 ms',
    ]);
    console.error(rows.slice(-3).join('\n'));
    await server.database.pool.query('delete from projects where id = $1', [projectId]);
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startRemoteBenchServer();
  try {
    const rows = await benchClustersScale(server);
    const width = Math.max(...rows.map(([name]) => name.length));
    console.log(`\n${'measure'.padEnd(width)} | result | budget`);
    for (const [name, value, budget] of rows) console.log(`${name.padEnd(width)} | ${value} | ${budget}`);
  } finally {
    await server.close();
  }
}

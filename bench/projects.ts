import { projects } from '../apps/server/src/db/schema';
import { signUp, throughput, type RemoteBenchServer } from './support';

/** The projects list with 1,000 projects against the authenticated `select 1`. */
export async function benchProjectsList(server: RemoteBenchServer) {
  const owner = await signUp(server.baseUrl, 'bench-projects@example.com');
  const rows = Array.from({ length: 1000 }, (_, i) => ({
    userId: owner.id,
    name: `Project ${i + 1}`,
    description: `A benchmark project about topic ${i % 37}`,
    country: ['United States', 'Germany', 'France'][i % 3]!,
    city: ['New York', 'Berlin', 'Paris', 'Austin'][i % 4]!,
    language: ['English', 'German', 'French'][i % 3]!,
  }));
  await server.database.db.insert(projects).values(rows);
  const baseline = await throughput(`${server.baseUrl}/api/bench/select-1`, owner.token);
  const list = await throughput(`${server.baseUrl}/api/projects`, owner.token);
  return { baseline, list, ratio: list / baseline };
}

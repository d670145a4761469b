// An open-model load generator: calls start at a fixed rate whatever the answers do, so a slow server meets
// the same arrivals (a closed loop of users waiting on answers would slow down with it and hide the queueing).
import { LoadClient, type Answer } from './client';
import type { LoadUser } from './fixtures';
import { journeys as allJourneys, seededRandom, type Journey } from './journeys';

export interface LoadOptions {
  baseUrls: readonly string[];
  users: LoadUser[];
  /** Calls started a second. */
  rate: number;
  seconds: number;
  journeys?: readonly Journey[];
  seed?: number;
  /** A call unanswered this long is an error. */
  timeoutMs?: number;
}

export interface LatencySummary {
  name: string;
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface LoadError {
  journey: string;
  call: string;
  /** The status, or the network error's message. */
  problem: string;
}

export interface LoadReport {
  rate: number;
  seconds: number;
  sent: number;
  /** Answered calls a second, from the first call's start to the last answer. */
  throughput: number;
  overall: LatencySummary;
  journeys: LatencySummary[];
  errorCount: number;
  /** The first errors, to say what went wrong. */
  errors: LoadError[];
  /** How late calls started against their schedule: a busy generator shows here, not in the latencies. */
  startLag: { p99: number; max: number };
  /** Each 10 s of the run: calls started and their p99. */
  windows: Array<{ fromSecond: number; count: number; p99: number }>;
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

function summarize(name: string, latencies: number[], errors: number): LatencySummary {
  const sorted = Float64Array.from(latencies).sort();
  const values = Array.from(sorted);
  return {
    name,
    count: values.length,
    errors,
    p50: percentile(values, 0.5),
    p95: percentile(values, 0.95),
    p99: percentile(values, 0.99),
    max: values.at(-1) ?? 0,
  };
}

/** Picks a journey by weight, and another when the user has nothing to make the first with. */
function chooseCall(journeys: readonly Journey[], user: LoadUser, random: ReturnType<typeof seededRandom>) {
  const total = journeys.reduce((sum, journey) => sum + journey.weight, 0);
  for (let attempt = 0; attempt < 20; attempt++) {
    let point = random.next() * total;
    const journey = journeys.find((candidate) => (point -= candidate.weight) < 0) ?? journeys.at(-1)!;
    const call = journey.call(user, random);
    if (call) return { journey, call };
  }
  throw new Error(`user ${user.index} has nothing left to call`);
}

/** Sends `rate` calls a second for `seconds`, each from a random user on a journey picked by weight. */
export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const journeys = options.journeys ?? allJourneys;
  const random = seededRandom(options.seed ?? 1);
  const client = new LoadClient(options.baseUrls, options.timeoutMs);
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const latencies = new Map(journeys.map((journey) => [journey, [] as number[]]));
  const errorCounts = new Map(journeys.map((journey) => [journey, 0]));
  const errors: LoadError[] = [];
  const lags: number[] = [];
  const windowLatencies: number[][] = [];
  const pending = new Set<Promise<void>>();
  let lastAnswerAt = 0;

  const fire = (index: number, scheduledAt: number, startAt: number) => {
    const user = options.users[random.int(options.users.length)]!;
    const { journey, call } = chooseCall(journeys, user, random);
    lags.push(startAt - scheduledAt);
    const windowIndex = Math.floor((index * interval) / 10_000);
    const window = (windowLatencies[windowIndex] ??= []);
    const record = (answer: Answer | null, problem: string | null) => {
      const now = performance.now();
      lastAnswerAt = now;
      latencies.get(journey)!.push(now - startAt);
      window.push(now - startAt);
      if (problem) {
        errorCounts.set(journey, errorCounts.get(journey)! + 1);
        if (errors.length < 20) errors.push({ journey: journey.name, call: `${call.method} ${call.path}`, problem });
      }
      journey.settle?.(user, answer, call);
    };
    const done = client.send(call).then(
      (answer) => {
        const expected = journey.expect.includes(answer.status);
        record(answer, expected ? null : `${answer.status} ${answer.body.toString('utf8').slice(0, 200)}`);
      },
      (error: unknown) => record(null, error instanceof Error ? error.message : String(error)),
    );
    pending.add(done);
    void done.then(() => pending.delete(done));
  };

  const startedAt = performance.now() + 20;
  await new Promise<void>((resolve) => {
    let issued = 0;
    const tick = () => {
      const now = performance.now();
      // Every call whose time has come starts now, so a late timer does not lower the rate.
      while (issued < total && startedAt + issued * interval <= now) {
        fire(issued, startedAt + issued * interval, performance.now());
        issued++;
      }
      if (issued >= total) return resolve();
      setTimeout(tick, Math.max(0, startedAt + issued * interval - performance.now()));
    };
    setTimeout(tick, Math.max(0, startedAt - performance.now()));
  });
  while (pending.size) await Promise.all(pending);
  client.close();

  const every = [...latencies.values()].flat();
  const errorCount = [...errorCounts.values()].reduce((sum, count) => sum + count, 0);
  const sortedLags = lags.sort((a, b) => a - b);
  return {
    rate: options.rate,
    seconds: options.seconds,
    sent: total,
    throughput: (every.length * 1000) / Math.max(1, lastAnswerAt - startedAt),
    overall: summarize('all', every, errorCount),
    journeys: journeys.map((journey) => summarize(journey.name, latencies.get(journey)!, errorCounts.get(journey)!)),
    errorCount,
    errors,
    startLag: { p99: percentile(sortedLags, 0.99), max: sortedLags.at(-1) ?? 0 },
    windows: windowLatencies.map((values, index) => ({
      fromSecond: index * 10,
      count: values.length,
      p99: percentile(
        [...values].sort((a, b) => a - b),
        0.99,
      ),
    })),
  };
}

import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DocumentSource, ExtractionResult } from './document-problem';
import type { ExtractionRequest } from './extract.worker';

export interface ExtractionPool {
  /**
   * The file's text or problem; `unreadable` when it took too long or its worker died. A file on
   * disk is opened by the worker; bytes are copied and handed over to it.
   */
  extract(
    source: Uint8Array | DocumentSource,
    name: string,
    options?: { timeoutMs?: number },
  ): Promise<ExtractionResult>;
  close(): Promise<void>;
}

export interface ExtractionPoolOptions {
  /** Workers reading at once (`DOCUMENT_WORKERS`); 1-2 by default, leaving a core to the server. */
  size?: number;
  /** Per file: after this the worker is terminated (and replaced) and the file is unreadable. */
  timeoutMs?: number;
  /** An idle worker is stopped after this long. */
  idleMs?: number;
  /** Heap of one worker: a file that needs more is unreadable, the server lives on. */
  maxHeapMb?: number;
}

interface Job {
  id: number;
  source: DocumentSource;
  name: string;
  timeoutMs: number;
  resolve(result: ExtractionResult): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/**
 * In the built server (build.mjs) the worker is dist/extract-worker.js beside dist/server.js. From
 * the TypeScript sources (tsx, vitest) it is extract.worker.ts, imported after registering tsx's
 * loader inside the worker (`--import tsx` in a worker's execArgv does not apply to its entry).
 */
function workerEntry(): { entry: string | URL; isEval: boolean } {
  if (!import.meta.url.endsWith('.ts'))
    return { entry: new URL('./extract-worker.js', import.meta.url), isEval: false };
  const tsxPackage = pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsxApi = new URL('./dist/esm/api/index.mjs', tsxPackage).href;
  const file = new URL('./extract.worker.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file)}); });`;
  return { entry: code, isEval: true };
}

export function createExtractionPool({
  size = Math.max(1, Math.min(2, availableParallelism() - 1)),
  timeoutMs = 30_000,
  idleMs = 60_000,
  maxHeapMb = 512,
}: ExtractionPoolOptions = {}): ExtractionPool {
  const { entry, isEval } = workerEntry();
  const slots = new Set<Slot>();
  const idle: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let isClosed = false;

  function spawn(): Slot {
    const worker = new Worker(entry, {
      eval: isEval,
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
      stdout: true, // pdf.js and others may print: not into the server's log
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    const slot: Slot = { worker, job: null, timer: null };
    worker.on('message', ({ id, result }: { id: number; result: ExtractionResult }) => {
      if (slot.job?.id !== id) return;
      finish(slot, result);
    });
    // A crash or a heap limit: the file is unreadable and the worker is gone.
    worker.on('error', () => retire(slot));
    worker.on('exit', () => retire(slot));
    slots.add(slot);
    return slot;
  }

  function finish(slot: Slot, result: ExtractionResult): void {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    job?.resolve(result);
    if (slots.has(slot)) {
      idle.push(slot);
      slot.worker.unref();
      slot.timer = setTimeout(() => stop(slot), idleMs).unref();
    }
    pump();
  }

  function retire(slot: Slot): void {
    if (!slots.has(slot)) return;
    slots.delete(slot);
    const index = idle.indexOf(slot);
    if (index !== -1) idle.splice(index, 1);
    if (slot.timer) clearTimeout(slot.timer);
    const job = slot.job;
    slot.job = null;
    job?.resolve({ problem: 'unreadable' });
    pump();
  }

  function stop(slot: Slot): void {
    retire(slot);
    void slot.worker.terminate();
  }

  function pump(): void {
    while (!isClosed && queue.length > 0) {
      let slot = idle.pop();
      if (!slot) {
        if (slots.size >= size) return;
        slot = spawn();
      }
      const job = queue.shift()!;
      if (slot.timer) clearTimeout(slot.timer);
      slot.job = job;
      slot.worker.ref();
      const running = slot;
      slot.timer = setTimeout(() => stop(running), job.timeoutMs);
      const message: ExtractionRequest = { id: job.id, source: job.source, name: job.name };
      slot.worker.postMessage(message, 'bytes' in job.source ? [job.source.bytes.buffer as ArrayBuffer] : []);
    }
  }

  return {
    extract(source, name, options = {}) {
      if (isClosed) return Promise.resolve({ problem: 'unreadable' });
      const given = source instanceof Uint8Array ? { bytes: source } : source;
      return new Promise((resolve) => {
        queue.push({
          id: nextId++,
          // Bytes: a copy of their own, handed over (not cloned) to the worker.
          source: 'bytes' in given ? { bytes: new Uint8Array(given.bytes) } : given,
          name,
          timeoutMs: options.timeoutMs ?? timeoutMs,
          resolve,
        });
        pump();
      });
    },
    async close() {
      isClosed = true;
      for (const job of queue.splice(0)) job.resolve({ problem: 'unreadable' });
      await Promise.all([...slots].map((slot) => (retire(slot), slot.worker.terminate())));
    },
  };
}

// The extraction worker: reads one file per message, off the server's request thread.
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import type { DocumentSource } from './document-problem';
import { extractDocumentText } from './extract';

export interface ExtractionRequest {
  id: number;
  source: DocumentSource;
  name: string;
}

parentPort?.on('message', async ({ id, source, name }: ExtractionRequest) => {
  // A file written to disk is read here, in the worker: the server holds none of its bytes.
  const bytes = 'path' in source ? await readFile(source.path).catch(() => null) : source.bytes;
  const result = bytes ? await extractDocumentText(bytes, name) : { problem: 'unreadable' as const };
  parentPort?.postMessage({ id, result });
});

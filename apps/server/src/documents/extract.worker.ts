// The extraction worker: reads one file per message, off the server's request thread.
import { parentPort } from 'node:worker_threads';
import { extractDocumentText } from './extract';

export interface ExtractionRequest {
  id: number;
  bytes: Uint8Array;
  name: string;
}

parentPort?.on('message', async ({ id, bytes, name }: ExtractionRequest) => {
  const result = await extractDocumentText(bytes, name);
  parentPort?.postMessage({ id, result });
});

import { randomBytes } from 'node:crypto';

export interface MultipartFile {
  /** The form field; `documents` unless said. */
  field?: string;
  name: string;
  bytes: Uint8Array | string;
  type?: string;
}

/** A multipart/form-data body as a browser sends it, for app.inject. */
export function multipart(files: MultipartFile[], fields: Record<string, string> = {}) {
  const boundary = `----keywright${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'documents'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

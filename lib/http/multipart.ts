import busboy from 'busboy';
import { BadRequest } from './errors';

/**
 * multipart/form-data bodies (image uploads): parsed with busboy from the bytes API Gateway hands
 * over (base64 in the event), so the same code runs in AWS and in the twin.
 */

/**
 * One file part. The bytes sit behind a getter, not in an own property: validation walks every
 * string of a parsed body (lib/http/input-text.ts) and must not walk megabytes of a Buffer.
 */
export class UploadedFile {
  readonly #bytes: Buffer;

  constructor(
    readonly filename: string,
    readonly mimeType: string,
    bytes: Buffer,
  ) {
    this.#bytes = bytes;
  }

  get bytes(): Buffer {
    return this.#bytes;
  }
}

/** The parts by name, the first of each name: a file part as UploadedFile, a plain field as null (ignored). */
export type MultipartForm = Record<string, UploadedFile | null>;

/** Parses a multipart/form-data body; a missing boundary or broken framing is 400. */
export function parseMultipart(body: Buffer, contentType: string): Promise<MultipartForm> {
  const malformed = (why: string) =>
    new BadRequest('Malformed multipart/form-data body', [{ field: 'body', message: why }]);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // File names in UTF-8 (busboy's default is latin1). A part is a file when it names one (or is
      // sent as application/octet-stream: then its file name is empty and the schema refuses it).
      defParamCharset: 'utf8',
    });
  } catch (error) {
    return Promise.reject(malformed(error instanceof Error ? error.message : 'unreadable'));
  }
  return new Promise((resolve, reject) => {
    // No prototype: a part named __proto__ stays a plain entry.
    const form: MultipartForm = Object.create(null);
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (!(name in form))
          form[name] = new UploadedFile(info.filename ?? '', info.mimeType, Buffer.concat(chunks));
      });
    });
    parser.on('field', (name) => {
      if (!(name in form)) form[name] = null;
    });
    parser.on('error', (error: Error) => reject(malformed(error.message)));
    parser.on('close', () => resolve(form));
    parser.end(body);
  });
}

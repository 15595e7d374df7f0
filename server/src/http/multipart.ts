import type { FastifyRequest } from 'fastify';
import { ApiError } from './envelope';

/** One uploaded file, read whole (the route's multipart limits bound its size and count). */
export interface UploadedFile {
  fileName: string;
  data: Buffer;
}

/**
 * Reads a multipart body of image files (field `files`) and one text field, with the route's own
 * error codes for a file over the size limit and for too many files. Any other field is refused,
 * and a body the parser cannot read is the client's fault (busboy's errors carry no status, and
 * would answer 500).
 */
export async function readFilesAndText(
  request: FastifyRequest,
  opts: { textField: string; fallbackName: string; maxFiles: number; tooLarge: string; tooMany: string },
): Promise<{ files: UploadedFile[]; text: string }> {
  if (!request.isMultipart()) throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send multipart/form-data');
  const files: UploadedFile[] = [];
  let text = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'files') {
          await part.toBuffer();
          throw new ApiError(400, 'VALIDATION_ERROR', `Unknown file field ${part.fieldname}`);
        }
        files.push({ fileName: part.filename || opts.fallbackName, data: await part.toBuffer() });
      } else if (part.fieldname === opts.textField) {
        text = String(part.value ?? '');
      } else {
        throw new ApiError(400, 'VALIDATION_ERROR', `Unknown field ${part.fieldname}`);
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError(413, opts.tooLarge, 'Each image may be at most 5 MB', { fields: { files: opts.tooLarge } });
    if (code === 'FST_FILES_LIMIT')
      throw new ApiError(413, opts.tooMany, `At most ${opts.maxFiles} images`, { fields: { files: opts.tooMany } });
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Too many parts');
    const status = (err as { statusCode?: number }).statusCode;
    if (!(err instanceof ApiError) && (status === undefined || status >= 500))
      throw new ApiError(400, 'BAD_REQUEST', 'Unreadable multipart/form-data body');
    throw err;
  }
  return { files, text };
}

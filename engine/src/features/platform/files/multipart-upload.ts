/**
 * A multipart request whose `file` part is stored in the owner's files (uploads of manuscripts,
 * media, and audio for MIDI, noise reduction and stems): the part streams into the file store
 * under its sanitised name and type, the text fields come back beside it.
 */
import type { Readable } from 'node:stream';
import { readMultipartUpload, type MultipartUpload } from '../../../api/multipart.ts';
import { sanitizeFilename, type FileStore, type StoredFile } from './file-store.ts';

export function storeMultipartUpload(
  files: FileStore,
  ownerId: string,
  stream: Readable,
  headers: Record<string, string | undefined>,
  options: {
    /** Larger parts end the request with 413 naming `what`. */
    maxFileBytes: number;
    what: string;
    signal?: AbortSignal;
  },
): Promise<MultipartUpload<StoredFile>> {
  return readMultipartUpload<StoredFile>(stream, headers, {
    fileField: 'file',
    maxFileBytes: options.maxFileBytes,
    what: options.what,
    onFile: (part, info) =>
      files.save(
        ownerId,
        part,
        { contentType: info.mimeType, filename: sanitizeFilename(info.filename) },
        options.signal,
      ),
  });
}

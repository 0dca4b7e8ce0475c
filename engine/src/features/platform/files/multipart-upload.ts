/**
 * A multipart request whose `file` part is stored in the owner's files (uploads of manuscripts,
 * media, and audio for MIDI, noise reduction and stems): the part streams into the file store
 * under its sanitised name and type, the text fields come back beside it.
 */
import type { Readable } from 'node:stream';
import {
  readMultipartFiles,
  readMultipartUpload,
  type MultipartFiles,
  type MultipartUpload,
} from '../../../api/multipart.ts';
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
    onDiscard: (stored) => files.discard(ownerId, stored.file_key),
  });
}

/**
 * A multipart request whose `field` part is sent several times (POST /transcription/
 * transcribe-upload's `files`): each part is stored in turn; if the request fails, the parts
 * already stored are discarded.
 */
export function storeMultipartFiles(
  files: FileStore,
  ownerId: string,
  stream: Readable,
  headers: Record<string, string | undefined>,
  options: {
    field: string;
    maxFiles: number;
    maxFileBytes: number;
    what: string;
    signal?: AbortSignal;
  },
): Promise<MultipartFiles<StoredFile>> {
  return readMultipartFiles<StoredFile>(stream, headers, {
    fileField: options.field,
    maxFiles: options.maxFiles,
    maxFileBytes: options.maxFileBytes,
    what: options.what,
    onFile: (part, info) =>
      files.save(
        ownerId,
        part,
        { contentType: info.mimeType, filename: sanitizeFilename(info.filename) },
        options.signal,
      ),
    onDiscard: (stored) => files.discard(ownerId, stored.file_key),
  });
}

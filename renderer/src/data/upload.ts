/**
 * Storing a file in the engine's content-addressed store (POST /files, the raw bytes with the
 * name in X-Filename): what a tool page does before it quotes or starts work on the file.
 */
import type { ContractApi } from '../api/contract.ts';
import type { UploadedFile } from '../api/types.ts';

/**
 * HTTP header values must be Latin-1, so fetch() throws on names like "Kapitel – Ü.wav".
 * Plain printable ASCII goes as is; anything else is percent-encoded (RFC 8187 style value
 * without the charset prefix), which the engine decodes with decodeURIComponent.
 */
export function headerSafeFilename(filename: string): string {
  return /^[\x20-\x7e]*$/.test(filename) && !filename.includes('%')
    ? filename
    : encodeURIComponent(filename);
}

export function uploadFile(
  api: ContractApi,
  file: File,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  return api.post('/files', {
    body: file,
    headers: {
      'Content-Type': file.type || 'application/octet-stream',
      'X-Filename': headerSafeFilename(file.name),
    },
    signal,
  });
}

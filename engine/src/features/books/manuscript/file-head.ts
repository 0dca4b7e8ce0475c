/** The first bytes of a stored file, for content sniffing (names and types are only claims). */
import fs from 'node:fs/promises';

/** Enough for a zip's first local headers, a PDF's header and any image or audio magic. */
export const SNIFF_BYTES = 64 * 1024;

export async function readHead(file: string, bytes = SNIFF_BYTES): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

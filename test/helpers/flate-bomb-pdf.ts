/**
 * A one-page PDF whose page content is a Flate stream that inflates to `mib` MiB (spaces, which
 * compress about a thousandfold): a few hundred KB on disk, made at test time (issue 25, "a
 * 300 MiB Flate stream in a PDF").
 */
import fs from 'node:fs';
import zlib from 'node:zlib';

async function deflatedSpaces(mib: number): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const block = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < mib; i++) {
    if (!deflate.write(block)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

export async function writeFlateBombPdf(file: string, mib: number): Promise<void> {
  const stream = await deflatedSpaces(mib);
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const add = (chunk: Buffer | string): void => {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    parts.push(buf);
    length += buf.length;
  };
  const object = (n: number, body: Buffer | string): void => {
    offsets[n] = length;
    add(`${n} 0 obj\n`);
    add(body);
    add('\nendobj\n');
  };
  add('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>');
  object(
    4,
    Buffer.concat([
      Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
      stream,
      Buffer.from('\nendstream', 'latin1'),
    ]),
  );
  const xref = length;
  add(`xref\n0 5\n0000000000 65535 f \n`);
  for (let n = 1; n <= 4; n++) add(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
  add(`trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  fs.writeFileSync(file, Buffer.concat(parts));
}

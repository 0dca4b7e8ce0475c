// Pronunciations, production settings and media uploads over real HTTP (document 2,
// "Pronunciation dictionary, production, export"; bodies in docs/api/audiobook.md).
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../helpers/accounts.ts';
import { client, createProject, fileForm, type Client, type Json } from '../helpers/audiobook.ts';
import { makePng, makeWav } from '../helpers/book-fixtures.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';

let engine: TestEngine;
let api: Client;
let bob: Client;

beforeAll(async () => {
  engine = await startEngine();
  api = client(engine, engine.token);
  bob = client(engine, (await registerUser(engine)).tokens.access_token);
});

afterAll(async () => {
  await engine.stop();
});

/** A square 2400×2400 PNG made by the engine's ffmpeg (ACX's smallest cover). */
async function acxCover(): Promise<Buffer> {
  const ffmpeg = (await engine.engine.services.ffmpeg.require()).path;
  const file = path.join(engine.home, 'acx-cover.png');
  const result = spawnSync(ffmpeg, [
    ...['-hide_banner', '-y', '-f', 'lavfi', '-i', 'color=c=0x336699:s=2400x2400'],
    ...['-frames:v', '1', file],
  ]);
  expect(result.status, String(result.stderr)).toBe(0);
  return fs.readFileSync(file);
}

describe('pronunciations', () => {
  it('creates, lists, changes and deletes entries', async () => {
    const project = await createProject(api);
    const base = `/audiobook/projects/${project.id}/pronunciations`;
    const created = await api.post(base, { grapheme: 'Siobhan', replacement: 'shi-VAWN' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      project_id: project.id,
      grapheme: 'Siobhan',
      replacement: 'shi-VAWN',
      kind: 'respelling',
      case_sensitive: false,
    });
    const ipa = await api.post(base, { grapheme: 'Nguyen', replacement: 'ŋwiən', kind: 'ipa' });
    expect(ipa.body.kind).toBe('ipa');
    const list = await api.get<{ pronunciations: Json[] } & Json>(base);
    expect(list.body.total).toBe(2);
    expect(list.body.pronunciations.map((p) => p.grapheme)).toEqual(['Nguyen', 'Siobhan']);
    const changed = await api.put(`${base}/${String(created.body.id)}`, {
      replacement: 'shiv-AWN',
      case_sensitive: true,
    });
    expect(changed.body).toMatchObject({
      replacement: 'shiv-AWN',
      case_sensitive: true,
      grapheme: 'Siobhan',
    });
    expect((await api.delete(`${base}/${String(created.body.id)}`)).status).toBe(204);
    expect((await api.delete(`${base}/${String(created.body.id)}`)).status).toBe(404);
    expect((await api.get<Json>(base)).body.total).toBe(1);
  });

  it('refuses duplicates with 409 and bad entries with 400', async () => {
    const project = await createProject(api);
    const base = `/audiobook/projects/${project.id}/pronunciations`;
    await api.post(base, { grapheme: 'Worcester', replacement: 'WUSS-ter' });
    expect((await api.post(base, { grapheme: 'Worcester', replacement: 'x' })).status).toBe(409);
    for (const body of [
      {},
      { grapheme: '', replacement: 'x' },
      { grapheme: 'a', replacement: 'b', kind: 'sampa' },
    ]) {
      expect((await api.post(base, body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('404s another user’s dictionary and entries', async () => {
    const project = await createProject(api);
    const base = `/audiobook/projects/${project.id}/pronunciations`;
    const created = await api.post(base, { grapheme: 'Leicester', replacement: 'LESS-ter' });
    expect((await bob.get(base)).status).toBe(404);
    expect((await bob.put(`${base}/${String(created.body.id)}`, { replacement: 'x' })).status).toBe(
      404,
    );
    expect((await bob.delete(`${base}/${String(created.body.id)}`)).status).toBe(404);
    expect((await api.put(`${base}/${randomUUID()}`, { replacement: 'x' })).status).toBe(404);
  });
});

describe('production settings and media', () => {
  it('has defaults, and takes announcements, music and cover from this book’s uploads', async () => {
    const project = await createProject(api);
    const base = `/audiobook/projects/${project.id}`;
    const defaults = await api.get(`${base}/production-settings`);
    expect(defaults.status).toBe(200);
    expect(defaults.body).toMatchObject({
      project_id: project.id,
      opening_announcement: null,
      closing_announcement: null,
      narrate_credits: true,
      intro_music_id: null,
      outro_music_id: null,
      music_volume_db: -18,
      cover_image_id: null,
      media: [],
    });
    // A cover is checked at upload: a tiny PNG is refused, nothing kept.
    const tiny = await api.form(
      `${base}/media/upload`,
      fileForm(makePng(), 'tiny.png', { kind: 'cover' }),
    );
    expect(tiny.status).toBe(400);
    expect(tiny.body).toMatchObject({ code: 'acx_noncompliant' });
    const cover = await api.form(
      `${base}/media/upload`,
      fileForm(await acxCover(), 'cover.png', { kind: 'cover' }),
    );
    expect(cover.status, JSON.stringify(cover.body)).toBe(201);
    expect(cover.body).toMatchObject({
      kind: 'cover',
      format: 'png',
      content_type: 'image/png',
      project_id: project.id,
    });
    const music = await api.form(
      `${base}/media/upload`,
      fileForm(makeWav(), 'theme.wav', { kind: 'music' }),
    );
    expect(music.status, JSON.stringify(music.body)).toBe(201);
    expect(music.body).toMatchObject({ kind: 'music', format: 'wav' });
    const settings = await api.get<{ media: Json[] } & Json>(`${base}/production-settings`);
    // A book's first cover becomes its cover.
    expect(settings.body.cover_image_id).toBe(cover.body.id);
    expect(settings.body.media).toHaveLength(2);
    const put = await api.put(`${base}/production-settings`, {
      opening_announcement: 'This is The Harbour, written by Ada Writer.',
      closing_announcement: 'The end.',
      intro_music_id: music.body.id,
      music_volume_db: -24,
      narrate_credits: false,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      opening_announcement: 'This is The Harbour, written by Ada Writer.',
      intro_music_id: music.body.id,
      music_volume_db: -24,
      narrate_credits: false,
    });
    // A cover is not music, an unknown id is nothing, and volume stays within −60…0 dB.
    for (const body of [
      { intro_music_id: cover.body.id },
      { cover_image_id: music.body.id },
      { outro_music_id: randomUUID() },
      { music_volume_db: 3 },
    ]) {
      expect(
        (await api.put(`${base}/production-settings`, body)).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    const cleared = await api.put(`${base}/production-settings`, {
      intro_music_id: null,
      opening_announcement: null,
    });
    expect(cleared.body).toMatchObject({ intro_music_id: null, opening_announcement: null });
  });

  it('sniffs the content: a WAV is no cover, a PNG is no music, kind is required', async () => {
    const project = await createProject(api);
    const base = `/audiobook/projects/${project.id}/media/upload`;
    const notImage = await api.form(base, fileForm(makeWav(), 'cover.png', { kind: 'cover' }));
    expect(notImage.status).toBe(400);
    expect(notImage.body.code).toBe('unsupported_media');
    const notAudio = await api.form(base, fileForm(makePng(), 'song.mp3', { kind: 'music' }));
    expect(notAudio.status).toBe(400);
    expect((await api.form(base, fileForm(makePng(), 'x.png'))).status).toBe(400);
    expect((await api.form(base, fileForm(makePng(), 'x.png', { kind: 'poster' }))).status).toBe(
      400,
    );
    expect(
      (await api.get<{ media: Json[] }>(`/audiobook/projects/${project.id}/production-settings`))
        .body.media,
    ).toEqual([]);
  });

  it('404s another user’s settings and uploads', async () => {
    const project = await createProject(api);
    const base = `/audiobook/projects/${project.id}`;
    expect((await bob.get(`${base}/production-settings`)).status).toBe(404);
    expect((await bob.put(`${base}/production-settings`, { music_volume_db: 99 })).status).toBe(
      404,
    );
    expect(
      (await bob.form(`${base}/media/upload`, fileForm(makePng(), 'c.png', { kind: 'cover' })))
        .status,
    ).toBe(404);
  });
});

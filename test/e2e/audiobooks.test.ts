/**
 * The Audiobooks area in Debian's Chromium against a real engine process (real SQLite, the
 * real manuscript reader and speaker detection, the real renderer build):
 *
 * (a) a project is created in the UI, a small Gutenberg-style TXT is imported through the file
 *     input and followed to ready, its licence header and footer are skipped and its two
 *     chapters narrated; "Detect speakers" labels the dialogue; a locked paragraph refuses an
 *     edit with the engine's 409 message; another paragraph is edited inline and saved (read
 *     back from the API); the cast, an alias refused with 400, rights and cost are shown;
 * (b) the library searches by title or author and pages;
 * (c) an unreadable manuscript ends the import with the project's error_message, and pasting
 *     the text instead recovers the book.
 *
 * Screenshots go to test-output/audiobooks-*.png for a human look.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEngineProcess, type EngineProcess } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import {
  OUTPUT,
  SHOT,
  closeWatchedPage,
  ensureStudioBuild,
  launchChromium,
  openWatchedPage,
  type WatchedPage,
} from './harness.ts';

const BOOK = `Alice's Adventures in Wonderland

The Project Gutenberg eBook of Alice's Adventures in Wonderland

This ebook is for the use of anyone anywhere in the United States and most other parts of the world at no cost and with almost no restrictions whatsoever. You may copy it, give it away or re-use it under the terms of the Project Gutenberg License included with this ebook or online at www.gutenberg.org.

Title: Alice's Adventures in Wonderland
Author: Lewis Carroll
Release date: June 27, 2008 [eBook #11]
Language: English

*** START OF THE PROJECT GUTENBERG EBOOK ALICE'S ADVENTURES IN WONDERLAND ***

CHAPTER I
Down the Rabbit-Hole

Alice was beginning to get very tired of sitting by her sister on the bank, and of having nothing to do: once or twice she had peeped into the book her sister was reading, but it had no pictures or conversations in it.

"And what is the use of a book," said Alice, "without pictures or conversations?"

So she was considering in her own mind, as well as she could, for the hot day made her feel very sleepy and stupid, whether the pleasure of making a daisy-chain would be worth the trouble of getting up and picking the daisies.

"Oh dear! Oh dear! I shall be late!" said the White Rabbit.

CHAPTER II
The Pool of Tears

"Curiouser and curiouser!" cried Alice, for she was so much surprised that for the moment she quite forgot how to speak good English.

Just then her head struck against the roof of the hall: in fact she was now more than nine feet high, and she at once took up the little golden key and hurried off to the garden door.

*** END OF THE PROJECT GUTENBERG EBOOK ALICE'S ADVENTURES IN WONDERLAND ***
`;

const SHELF: [title: string, author: string][] = [
  ['Frankenstein', 'Mary Shelley'],
  ['Dracula', 'Bram Stoker'],
  ['The Last Man', 'Mary Shelley'],
  ['The Jewel of Seven Stars', 'Bram Stoker'],
  ['Mathilda', 'Mary Shelley'],
  ['The Lair of the White Worm', 'Bram Stoker'],
  ['Valperga', 'Mary Shelley'],
  ['The Lady of the Shroud', 'Bram Stoker'],
  ['Lodore', 'Mary Shelley'],
  ['The Snake’s Pass', 'Bram Stoker'],
  ['Falkner', 'Mary Shelley'],
  ['The Mystery of the Sea', 'Bram Stoker'],
  ['The Fortunes of Perkin Warbeck', 'Mary Shelley'],
];

/** A pasteable book with `chapters` chapters of a few paragraphs each. */
function shortBook(title: string, chapters: number): string {
  const body = Array.from({ length: chapters }, (_, i) =>
    [
      `CHAPTER ${i + 1}`,
      `The evening came down over the valley as the travellers of ${title} reached the inn, tired from the long road and glad of a fire.`,
      '"We shall rest here tonight," said the captain, "and ride again at first light."',
      'Nobody argued. The landlord brought bread and a pot of soup, and for an hour the only sound was the wind against the shutters.',
    ].join('\n\n'),
  );
  return body.join('\n\n');
}

interface ApiParagraph {
  id: string;
  position: number;
  text: string;
  character_name: string;
  locked: boolean;
}

let engine: EngineProcess;
let browser: Browser;
let watched: WatchedPage;
let page: Page;
/** Console lines a test expects (a refused edit logs its 409), removed before the check. */
let expectedErrors: RegExp[];
const temp = makeTempDir('tapehouse-e2e-audiobooks-');

beforeAll(async () => {
  await ensureStudioBuild();
  engine = await startEngineProcess({ home: path.join(temp.dir, 'home') });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await engine?.stop();
  temp.cleanup();
});

beforeEach(async () => {
  watched = await openWatchedPage(browser, {
    viewport: { width: 1280, height: 900 },
    signInTo: engine,
  });
  ({ page, expectedErrors } = watched);
});

afterEach(() => closeWatchedPage(watched));

// ---- Helpers ----------------------------------------------------------------------------------

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(OUTPUT, `audiobooks-${name}.png`), ...SHOT });
}

/** The engine's API with the studio token (the credential the audiobook pages use). */
async function api<T>(route: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${engine.api}${route}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${engine.token}`,
      ...(typeof init.body === 'string' && { 'Content-Type': 'application/json' }),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${route}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function textOf(testId: string): Promise<string> {
  return (await page.getByTestId(testId).first().textContent()) ?? '';
}

function projectIdFromUrl(): string {
  const match = /#\/audiobooks\/([0-9a-f-]{36})/.exec(page.url());
  if (!match?.[1]) throw new Error(`not on a project page: ${page.url()}`);
  return match[1];
}

/** Records every value the import dialog's data-phase takes, from inside the page. */
async function recordImportPhases(): Promise<void> {
  await page.evaluate(`(() => {
    window.__phases = [];
    const seen = (el) => {
      const phase = el && el.getAttribute('data-phase');
      if (phase && window.__phases[window.__phases.length - 1] !== phase) window.__phases.push(phase);
    };
    new MutationObserver(() => seen(document.querySelector('[data-testid="import-body"]')))
      .observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase'] });
    seen(document.querySelector('[data-testid="import-body"]'));
  })()`);
}

async function importPhases(): Promise<string[]> {
  return page.evaluate<string[]>('window.__phases');
}

// ---- Tests ------------------------------------------------------------------------------------

describe('audiobooks studio', () => {
  it('creates a book, imports a manuscript, labels speakers, locks and edits paragraphs', async () => {
    const file = path.join(temp.dir, 'alice.txt');
    fs.writeFileSync(file, BOOK);

    await page.goto(`${engine.url}/#/audiobooks`);
    await page.getByTestId('library-empty').waitFor();
    expect(await page.getByTestId('nav-audiobooks').textContent()).not.toContain('Soon');

    // New audiobook → its project page.
    await page.getByTestId('new-audiobook').click();
    const dialog = page.getByTestId('new-audiobook-dialog');
    await dialog.waitFor();
    await page.getByTestId('new-audiobook-create').click(); // empty title: refused in place
    await dialog.getByText('Give the book a title.').waitFor();
    await page.getByTestId('new-audiobook-title').fill('Alice’s Adventures in Wonderland');
    await page.getByTestId('new-audiobook-author').fill('Lewis Carroll');
    await page.getByTestId('new-audiobook-language').selectOption('en-GB');
    await page
      .getByTestId('new-audiobook-description')
      .fill('A girl falls down a rabbit hole into a fantasy world.');
    await shot('new');
    await page.getByTestId('new-audiobook-create').click();
    await page.waitForURL(/#\/audiobooks\/[0-9a-f-]{36}$/);
    const projectId = projectIdFromUrl();
    await page.getByTestId('manuscript-empty').waitFor();
    expect(await textOf('project-heading')).toBe('Alice’s Adventures in Wonderland');
    expect(await page.getByTestId('project-header-status').getAttribute('data-status')).toBe(
      'draft',
    );

    // Import the TXT through the file input, speakers left for later, and follow it to ready.
    await page.getByTestId('import-empty').click();
    await page.getByTestId('import-dialog').waitFor();
    await page.getByTestId('import-file-input').setInputFiles(file);
    expect(await textOf('import-file-name')).toBe('alice.txt');
    await page.getByTestId('import-detect-speakers').uncheck();
    await shot('import');
    await recordImportPhases();
    await page.getByTestId('import-start').click();
    await page
      .locator('[data-testid="import-body"][data-phase="done"]')
      .waitFor({ timeout: 60_000 });
    const phases = await importPhases();
    expect(phases[0]).toBe('form');
    expect(phases).toContain('parsing');
    expect(phases.at(-1)).toBe('done');
    expect(await page.getByTestId('import-progress').getAttribute('aria-valuenow')).toBe('100');
    expect(await textOf('import-step')).toBe('Ready for narration');
    expect(await textOf('import-done')).toMatch(/4 chapters · [\d,]+ words/);
    await shot('import-done');

    const project = await api<{ status: string; parsing_completed_at: string | null }>(
      `/audiobook/projects/${projectId}`,
    );
    expect(project.status).toBe('ready_for_narration');
    expect(project.parsing_completed_at).not.toBeNull();

    await page.getByTestId('import-close').click();
    await page.getByTestId('import-dialog').waitFor({ state: 'detached' });

    // Two chapters to narrate (the licence header is front matter, skipped), none narrated yet.
    const chapters = page.getByTestId('chapter-item');
    await expect.poll(() => chapters.count()).toBe(4);
    expect(await textOf('chapters-narrated')).toBe('0 of 2 narrated');
    expect(await page.locator('[data-testid="chapter-item"][data-skipped="false"]').count()).toBe(
      2,
    );
    const front = page.locator('[data-testid="chapter-item"][data-kind="front_matter"]');
    expect(await front.count()).toBe(1);
    expect(await front.getAttribute('data-skipped')).toBe('true');
    expect(await front.textContent()).toContain('Front matter');
    expect(await front.getByTestId('chapter-skipped').textContent()).toBe('Skipped');
    expect(await front.getByTestId('chapter-skip').getAttribute('aria-pressed')).toBe('true');
    expect(await textOf('project-header-status')).toBe('Ready for narration');
    expect(await textOf('header-chapters-value')).toBe('2');
    expect(await textOf('header-chapters')).toContain('none narrated yet · 2 chapters skipped');

    // Chapter I: every line with the narrator until "Detect speakers" runs.
    await chapters.filter({ hasText: 'CHAPTER I' }).first().getByRole('link').click();
    await expect.poll(() => textOf('chapter-heading')).toMatch(/^CHAPTER I\b/);
    const paragraphs = page.getByTestId('paragraph');
    await expect.poll(() => paragraphs.count()).toBe(4);
    const labels = () => page.getByTestId('speaker-label').allTextContents();
    expect(await labels()).toEqual(['Narrator', 'Narrator', 'Narrator', 'Narrator']);

    await page.getByTestId('detect-speakers').click();
    await expect.poll(labels).toEqual(['Narrator', 'Alice', 'Narrator', 'The White Rabbit']);
    expect(await textOf('detect-status')).toMatch(/lines? attributed/);
    const alice = paragraphs.nth(1).getByTestId('speaker-label');
    const rabbit = paragraphs.nth(3).getByTestId('speaker-label');
    const colourOf = (locator: typeof alice) =>
      locator.evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).color ?? '');
    expect(await colourOf(alice)).not.toBe(await colourOf(rabbit));
    expect(await colourOf(alice)).not.toBe(
      await colourOf(paragraphs.nth(0).getByTestId('speaker-label')),
    );
    await shot('manuscript');

    // Lock paragraph 1: an edit is refused with the engine's 409 message, and nothing changes.
    const first = paragraphs.nth(0);
    const firstId = (await first.getAttribute('data-paragraph-id'))!;
    await first.getByTestId('paragraph-lock').click();
    await page.locator(`[data-paragraph-id="${firstId}"][data-locked="true"]`).waitFor();
    expectedErrors.push(/status of 409/);
    await first.getByTestId('paragraph-edit').click();
    await first.getByTestId('paragraph-text-input').fill('Alice was not tired at all.');
    await first.getByTestId('paragraph-save').click();
    await first.getByTestId('paragraph-error').waitFor();
    expect(await first.getByTestId('paragraph-error').textContent()).toMatch(/is locked/);
    const stillLocked = await api<ApiParagraph>(
      `/audiobook/projects/${projectId}/paragraphs/${firstId}`,
    );
    expect(stillLocked.locked).toBe(true);
    expect(stillLocked.text).toMatch(/^Alice was beginning to get very tired/);
    await shot('locked');

    // Paragraph 3: edited inline and saved.
    const third = paragraphs.nth(2);
    const thirdId = (await third.getAttribute('data-paragraph-id'))!;
    const edited =
      'So she was considering, as well as she could, whether making a daisy-chain was worth the trouble.';
    await third.getByTestId('paragraph-edit').click();
    await third.getByTestId('paragraph-text-input').fill(edited);
    await third.getByTestId('paragraph-direction-input').fill('drowsy, unhurried');
    await third.getByTestId('paragraph-save').click();
    await third.getByTestId('paragraph-editor').waitFor({ state: 'detached' });
    expect(await third.getByTestId('paragraph-text').textContent()).toBe(edited);
    expect(await third.getByTestId('paragraph-direction').textContent()).toBe('drowsy, unhurried');
    const saved = await api<ApiParagraph & { direction: string }>(
      `/audiobook/projects/${projectId}/paragraphs/${thirdId}`,
    );
    expect(saved.text).toBe(edited);
    expect(saved.direction).toBe('drowsy, unhurried');

    // The cast: narrator first, then characters by line count, with samples and voices.
    await page.getByTestId('tab-cast').click();
    await page.waitForURL(/\/cast$/);
    const members = page.getByTestId('cast-member');
    // Narrator, Alice, The White Rabbit, and "White Rabbit" as its alias (name variants merge).
    await expect.poll(() => members.count()).toBe(4);
    expect(await members.nth(0).getAttribute('data-speaker')).toBe('');
    // No narrator voice chosen: the row names the automatic voice narration will use (issue 14).
    const { narrator_voice: automatic } = await api<{
      narrator_voice: { name: string; automatic: boolean };
    }>(`/audiobook/projects/${projectId}/cast`);
    expect(automatic.automatic).toBe(true);
    expect(await members.nth(0).getByTestId('cast-voice-name').textContent()).toBe(
      `Automatic: ${automatic.name}`,
    );
    const speakers = await members.evaluateAll((rows) =>
      rows.map((row) => row.getAttribute('data-speaker')),
    );
    expect(speakers.slice(1).sort()).toEqual(['Alice', 'The White Rabbit', 'White Rabbit']);
    expect(
      await page.locator('[data-testid="cast-member"][data-speaker="White Rabbit"]').textContent(),
    ).toContain('alias of The White Rabbit');
    const aliceRow = page.locator('[data-testid="cast-member"][data-speaker="Alice"]');
    const cast = await api<{
      members: { character_name: string | null; paragraph_count: number }[];
    }>(`/audiobook/projects/${projectId}/cast`);
    const aliceLines = cast.members.find((m) => m.character_name === 'Alice')?.paragraph_count;
    expect(aliceLines).toBeGreaterThan(0);
    expect(await aliceRow.getByTestId('cast-lines').textContent()).toBe(String(aliceLines));
    expect(await aliceRow.getByTestId('cast-sample').textContent()).toContain('said Alice');
    expect(await aliceRow.getByTestId('cast-voice-name').textContent()).toBe('Narrator voice');
    expect(await textOf('cast-summary')).toContain('2 named speakers');

    // An alias the engine does not allow (a name onto itself) is refused with its 400.
    expectedErrors.push(/status of 400/);
    await aliceRow.getByTestId('cast-merge').click();
    await page.getByTestId('alias-dialog').waitFor();
    await page.getByTestId('alias-target').fill('Alice');
    await page.getByTestId('alias-save').click();
    await page.getByTestId('alias-messages-error').waitFor();
    expect(await textOf('alias-messages-error')).toMatch(/alias of itself/);
    await shot('alias-refused');
    await page.getByTestId('alias-dialog').getByRole('button', { name: 'Cancel' }).click();
    await shot('cast');

    // Rights attestation and the cost estimate on the header.
    expect(await textOf('cost-usd')).toMatch(/^\$\d+\.\d\d$/);
    expect(await textOf('cost-detail')).toContain('$0.04/min');
    await page.getByTestId('attest-rights').click();
    await page.getByTestId('attest-confirm').click();
    await page.getByTestId('rights-attested').waitFor();
    const attested = await api<{ rights_attested_at: string | null }>(
      `/audiobook/projects/${projectId}`,
    );
    expect(attested.rights_attested_at).not.toBeNull();

    // Chapter skip toggle: skipping chapter II leaves one chapter to narrate.
    await page.getByTestId('tab-manuscript').click();
    const second = chapters.filter({ hasText: 'CHAPTER II' }).first();
    await second.getByTestId('chapter-skip').click();
    await expect.poll(() => second.getAttribute('data-skipped')).toBe('true');
    await expect.poll(() => textOf('chapters-narrated')).toBe('0 of 1 narrated');
    await second.getByTestId('chapter-skip').click();
    await expect.poll(() => textOf('chapters-narrated')).toBe('0 of 2 narrated');
  }, 180_000);

  it('searches the library by title or author and pages through it', async () => {
    // 13 more books (a page holds 12); a few get a short manuscript so their cards show totals.
    for (const [index, [title, author]] of SHELF.entries()) {
      const book = await api<{ id: string }>('/audiobook/projects', {
        method: 'POST',
        body: JSON.stringify({ title, author }),
      });
      if (index % 3 === 0) {
        await api(`/audiobook/projects/${book.id}/manuscript/paste`, {
          method: 'POST',
          body: JSON.stringify({ text: shortBook(title, index + 2) }),
        });
      }
    }
    await page.goto(`${engine.url}/#/audiobooks`);
    const cards = page.getByTestId('project-card');
    await expect.poll(() => cards.count()).toBe(12);
    const pager = page.getByTestId('library-pager');
    await pager.waitFor();
    expect(await pager.textContent()).toMatch(/1–12 of \d+/);
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect
      .poll(() => pager.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current'))
      .toBe('page');
    expect(await cards.count()).toBeGreaterThan(0);
    await pager.getByRole('button', { name: 'Page 1' }).click();
    await expect.poll(() => cards.count()).toBe(12);
    await shot('library');

    await page.getByTestId('library-search').fill('stoker');
    await expect.poll(() => cards.count()).toBe(6);
    expect(await pager.count()).toBe(0);
    await page.getByTestId('library-search').fill('ALICE');
    await expect.poll(() => cards.count()).toBe(1);
    const card = cards.first();
    expect(await card.getByTestId('project-status').textContent()).toBe('Ready for narration');
    expect(await card.getByTestId('project-chapters').textContent()).toBe('4');
    expect(await card.getByTestId('project-runtime').textContent()).toMatch(/min$/);
    await page.getByTestId('library-search').fill('no such book');
    await page.getByTestId('library-empty').waitFor();
    expect(await textOf('library-empty')).toContain('No audiobook matches “no such book”');
  }, 120_000);

  it('shows the error_message when a manuscript cannot be read', async () => {
    const created = await api<{ id: string }>('/audiobook/projects', {
      method: 'POST',
      body: JSON.stringify({ title: 'The Broken Proof', author: 'A. Printer' }),
    });
    const file = path.join(temp.dir, 'proof.pdf');
    fs.writeFileSync(file, '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');

    await page.goto(`${engine.url}/#/audiobooks/${created.id}`);
    await page.getByTestId('import-empty').click();
    await page.getByTestId('import-file-input').setInputFiles(file);
    await page.getByTestId('import-start').click();
    await page.getByTestId('import-failed').waitFor({ timeout: 60_000 });
    const project = await api<{ status: string; error_message: string }>(
      `/audiobook/projects/${created.id}`,
    );
    expect(project.status).toBe('failed');
    expect(await textOf('import-error-message')).toBe(project.error_message);
    await shot('import-failed');

    await page.getByTestId('import-dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('project-failure').waitFor();
    expect(await textOf('project-failure')).toContain(project.error_message);
    expect(await textOf('project-header-status')).toBe('Failed');

    // Recovering: the text pasted instead, read while the dialog waits.
    await page.getByTestId('import-empty').click();
    await page.getByTestId('import-source-paste').click();
    await page.getByTestId('import-paste-text').fill(shortBook('The Broken Proof', 2));
    await shot('import-paste');
    await page.getByTestId('import-start').click();
    await page.locator('[data-testid="import-body"][data-phase="done"]').waitFor();
    expect(await textOf('import-done')).toMatch(/^2 chapters · /);
    await page.getByTestId('import-close').click();
    await expect.poll(() => page.getByTestId('chapter-item').count()).toBe(2);
    expect(await textOf('project-header-status')).toBe('Ready for narration');
    expect(await page.getByTestId('project-failure').count()).toBe(0);
  }, 120_000);
});

/**
 * Runs offloaded jobs on the hosted service (platform's OffloadSeam; docs/api/sync.md,
 * "Offload"): uploads the input to the same route the local one is, follows the hosted job and
 * mirrors its progress into the local job, then copies the outputs into the local file store.
 * The hosted job's id is recorded before it is followed, so a restart resumes following it
 * instead of submitting (and paying for) it twice. Cancelling the local job cancels the hosted
 * one. A hosted service that blips while the job runs is waited for, not failed.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { LOOPBACK_OWNER } from '../../../api/principal.ts';
import { AppError, CancelledError, isAppError } from '../../../errors.ts';
import type {
  FileStore,
  Offloader,
  RemoteContext,
  RemoteResult,
  RemoteRun,
  StoredFile,
} from '../../platform/index.ts';
import {
  errorCode,
  errorDetail,
  type HostedAnswer,
  type HostedHttp,
} from '../hosted/hosted-http.ts';
import type { HostedSession } from '../hosted/hosted-session.ts';
import type { OffloadRepo } from './offload-repo.ts';

const POLL_MS = 1000;
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new CancelledError());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new CancelledError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function objectBody(answer: HostedAnswer): Record<string, unknown> {
  return typeof answer.body === 'object' && answer.body !== null
    ? (answer.body as Record<string, unknown>)
    : {};
}

/** A hosted refusal as the local job's error; credits and limits keep their codes. */
function hostedRefusal(answer: HostedAnswer, capability: string): AppError {
  const code = errorCode(answer.body);
  const detail = errorDetail(answer.body) || `answered ${answer.status}`;
  const message = `The hosted service did not run this ${capability} job: ${detail}`;
  if (answer.status === 402) return new AppError('insufficient_credits', message);
  if (code === 'validation_error' || answer.status === 400)
    return new AppError('validation_error', message);
  return new AppError('bad_request', message, {
    details: { hosted_status: answer.status, hosted_code: code },
  });
}

function filenameOf(res: Response, fallback: string): string {
  const disposition = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

export interface OffloaderState {
  /** Linked, signed in, and the owner allowed offload. */
  allowed(): boolean;
}

export class HostedOffloader implements Offloader {
  constructor(
    private readonly http: HostedHttp,
    private readonly session: HostedSession,
    private readonly repo: OffloadRepo,
    private readonly files: FileStore,
    private readonly state: OffloaderState,
  ) {}

  /** The link is the machine owner's: only the owner's requests may spend its hosted credits. */
  available(ownerId: string): boolean {
    return ownerId === LOOPBACK_OWNER && this.state.allowed();
  }

  async run(
    localJobId: number,
    ownerId: string,
    run: RemoteRun,
    ctx: RemoteContext,
  ): Promise<RemoteResult> {
    let recorded = this.repo.get(localJobId);
    if (!recorded?.hostedJobId) {
      ctx.progress(0, 'upload');
      const hostedJobId = await this.submit(ownerId, run, ctx.signal);
      this.repo.record(localJobId, run.capability, hostedJobId, run.statusPath(hostedJobId));
      recorded = this.repo.get(localJobId);
    }
    const hostedJobId = recorded!.hostedJobId!;
    const statusPath = recorded!.statusPath ?? run.statusPath(hostedJobId);
    try {
      const body = await this.follow(statusPath, run, ctx);
      ctx.progress(99, 'download');
      const files: Record<string, StoredFile> = {};
      for (const output of run.outputsOf(body)) {
        const res = await this.http.download(output.url, ctx.signal);
        files[output.name] = await this.files.save(
          ownerId,
          Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
          {
            filename: filenameOf(res, output.name),
            contentType: res.headers.get('content-type') ?? 'application/octet-stream',
          },
        );
      }
      return { body, files, hostedJobId };
    } catch (error) {
      if (ctx.signal.aborted) await this.cancelHosted(hostedJobId);
      throw error;
    }
  }

  private async submit(ownerId: string, run: RemoteRun, signal: AbortSignal): Promise<string> {
    const form = new FormData();
    for (const [name, value] of Object.entries(run.create.fields)) form.append(name, value);
    if (run.create.file) {
      const stored = this.files.get(ownerId, run.create.file.fileKey);
      const blob = await fs.openAsBlob(this.files.pathOf(stored), { type: stored.contentType });
      form.append(run.create.file.field, blob, stored.filename);
    }
    const answer = await this.session.call('POST', run.create.path, {
      body: form,
      signal,
      timeoutMs: UPLOAD_TIMEOUT_MS,
    });
    if (answer.status < 200 || answer.status > 202) throw hostedRefusal(answer, run.capability);
    return run.jobIdOf(objectBody(answer));
  }

  private async follow(
    statusPath: string,
    run: RemoteRun,
    ctx: RemoteContext,
  ): Promise<Record<string, unknown>> {
    let waitMs = POLL_MS;
    let percent = 0;
    for (;;) {
      let answer: HostedAnswer | null = null;
      try {
        answer = await this.session.call('GET', statusPath, { signal: ctx.signal });
        waitMs = POLL_MS;
      } catch (error) {
        // Offline for a while: keep the local job waiting for the hosted one, backing off.
        if (!(isAppError(error) && error.code === 'hosted_unreachable')) throw error;
        ctx.progress(percent, 'waiting for the hosted service');
        waitMs = Math.min(waitMs * 2, 30_000);
      }
      if (answer) {
        if (answer.status !== 200) throw hostedRefusal(answer, run.capability);
        const body = objectBody(answer);
        const state = run.stateOf(body);
        if (state.phase === 'completed') return body;
        if (state.phase === 'failed') {
          throw new AppError(
            'bad_request',
            `The hosted ${run.capability} job failed: ${state.error ?? 'no reason given'}`,
          );
        }
        percent = Math.max(0, Math.min(98, state.percent));
        ctx.progress(percent, state.stage ? `hosted: ${state.stage}` : 'hosted');
      }
      await sleep(waitMs, ctx.signal);
    }
  }

  private async cancelHosted(hostedJobId: string): Promise<void> {
    try {
      await this.session.call('POST', `/jobs/${hostedJobId}/cancel`);
    } catch {
      // Best effort: the hosted job may have ended, or the service be unreachable.
    }
  }
}

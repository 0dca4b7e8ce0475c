/**
 * Offload (docs/api/sync.md, "Offload"): where a request needs something this workstation cannot
 * run (a model pack it lacks) and its user allowed it, the job runs on the hosted service
 * instead — same route and job shape locally, billed to the hosted account, outputs copied into
 * the local data folder, progress mirrored. The area that owns the capability describes its
 * hosted request (RemoteRun); sync, which holds the hosted session, runs it. Areas depend on
 * platform, not on sync, so the seam lives here and sync plugs itself in.
 */
import { AppError } from '../../../errors.ts';
import type { StoredFile } from '../files/file-store.ts';

export interface RemoteState {
  phase: 'running' | 'completed' | 'failed';
  /** 0-100. */
  percent: number;
  stage: string | null;
  error: string | null;
}

/** A file of the finished hosted job to copy into the local file store. */
export interface RemoteOutput {
  name: string;
  /** A download URL the hosted service answered (only its path and query are used). */
  url: string;
}

/** One hosted request, described by the area that owns the capability. */
export interface RemoteRun {
  /** What is offloaded, e.g. `denoise` (shown in errors and stored with the job). */
  capability: string;
  /** The hosted route that creates the job: the same route as the local one, multipart. */
  create: {
    path: string;
    fields: Record<string, string>;
    /** A local stored file sent as this multipart field. */
    file: { field: string; fileKey: string } | null;
  };
  /** The hosted job's id, from the create answer. */
  jobIdOf(created: Record<string, unknown>): string;
  /** The hosted route that reports the job. */
  statusPath(hostedJobId: string): string;
  stateOf(status: Record<string, unknown>): RemoteState;
  outputsOf(status: Record<string, unknown>): RemoteOutput[];
}

export interface RemoteResult {
  /** The hosted job's final status answer. */
  body: Record<string, unknown>;
  /** The outputs, stored locally under the job's owner, by RemoteOutput.name. */
  files: Record<string, StoredFile>;
  hostedJobId: string;
}

export interface RemoteContext {
  signal: AbortSignal;
  progress(percent: number, stage: string | null): void;
}

export interface Offloader {
  /** True when this owner's request may run on the hosted service now. */
  available(ownerId: string): boolean;
  /** Runs (or, after a restart, resumes following) the hosted job for a local job. */
  run(
    localJobId: number,
    ownerId: string,
    run: RemoteRun,
    ctx: RemoteContext,
  ): Promise<RemoteResult>;
}

export class OffloadSeam {
  private offloader: Offloader | null = null;

  use(offloader: Offloader | null): void {
    this.offloader = offloader;
  }

  available(ownerId: string): boolean {
    return this.offloader?.available(ownerId) ?? false;
  }

  run(
    localJobId: number,
    ownerId: string,
    run: RemoteRun,
    ctx: RemoteContext,
  ): Promise<RemoteResult> {
    if (!this.offloader) {
      return Promise.reject(
        new AppError(
          'service_unavailable',
          `This ${run.capability} job was meant to run on the hosted service, and this studio ` +
            'is no longer linked to one.',
        ),
      );
    }
    return this.offloader.run(localJobId, ownerId, run, ctx);
  }
}

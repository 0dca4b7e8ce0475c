/**
 * SQL of the speech area's own tables (db/schema/transcripts.ts): transcript projects, the names
 * their speakers were given, and the user's corrections to a job's segments.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  transcriptEdits,
  transcriptProjects,
  transcriptSpeakers,
  type TranscriptEditRow,
  type TranscriptProjectRow,
} from '../../../db/schema/transcripts.ts';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export class TranscriptStore {
  constructor(private readonly db: Db) {}

  createProject(ownerId: string, name: string): TranscriptProjectRow {
    return this.db
      .insert(transcriptProjects)
      .values({ id: randomUUID(), ownerId, name })
      .returning()
      .get();
  }

  project(ownerId: string, id: string): TranscriptProjectRow | undefined {
    return this.db
      .select()
      .from(transcriptProjects)
      .where(and(eq(transcriptProjects.id, id), eq(transcriptProjects.ownerId, ownerId)))
      .get();
  }

  projects(ownerId: string): TranscriptProjectRow[] {
    return this.db
      .select()
      .from(transcriptProjects)
      .where(eq(transcriptProjects.ownerId, ownerId))
      .orderBy(desc(transcriptProjects.updatedAt))
      .all();
  }

  renameProject(id: string, name: string): void {
    this.db
      .update(transcriptProjects)
      .set({ name, updatedAt: now })
      .where(eq(transcriptProjects.id, id))
      .run();
  }

  deleteProject(id: string): void {
    this.db.delete(transcriptProjects).where(eq(transcriptProjects.id, id)).run();
  }

  /** label → name for one project. */
  speakerNames(projectId: string): Map<string, string> {
    const rows = this.db
      .select()
      .from(transcriptSpeakers)
      .where(eq(transcriptSpeakers.projectId, projectId))
      .orderBy(asc(transcriptSpeakers.label))
      .all();
    return new Map(rows.map((r) => [r.label, r.name]));
  }

  nameSpeaker(projectId: string, label: string, name: string): void {
    this.db
      .insert(transcriptSpeakers)
      .values({ projectId, label, name })
      .onConflictDoUpdate({
        target: [transcriptSpeakers.projectId, transcriptSpeakers.label],
        set: { name, updatedAt: now },
      })
      .run();
    this.db
      .update(transcriptProjects)
      .set({ updatedAt: now })
      .where(eq(transcriptProjects.id, projectId))
      .run();
  }

  forgetSpeaker(projectId: string, label: string): boolean {
    const result = this.db
      .delete(transcriptSpeakers)
      .where(and(eq(transcriptSpeakers.projectId, projectId), eq(transcriptSpeakers.label, label)))
      .run();
    return result.changes > 0;
  }

  edits(jobId: number): Map<number, TranscriptEditRow> {
    const rows = this.db
      .select()
      .from(transcriptEdits)
      .where(eq(transcriptEdits.jobId, jobId))
      .all();
    return new Map(rows.map((r) => [r.segmentId, r]));
  }

  /** Saves corrections to a job's segments in one transaction (absent fields keep theirs). */
  saveEdits(
    jobId: number,
    ownerId: string,
    segments: { id: number; text?: string; speakerLabel?: string | null }[],
  ): void {
    this.db.transaction((tx) => {
      for (const s of segments) {
        const current = tx
          .select()
          .from(transcriptEdits)
          .where(and(eq(transcriptEdits.jobId, jobId), eq(transcriptEdits.segmentId, s.id)))
          .get();
        const text = s.text !== undefined ? s.text : (current?.text ?? null);
        const speakerLabel =
          s.speakerLabel !== undefined ? s.speakerLabel : (current?.speakerLabel ?? null);
        tx.insert(transcriptEdits)
          .values({ jobId, ownerId, segmentId: s.id, text, speakerLabel })
          .onConflictDoUpdate({
            target: [transcriptEdits.jobId, transcriptEdits.segmentId],
            set: { text, speakerLabel, updatedAt: now },
          })
          .run();
      }
    });
  }

  /** Forgets every correction of a job (back to the machine transcript). */
  clearEdits(jobId: number): void {
    this.db.delete(transcriptEdits).where(eq(transcriptEdits.jobId, jobId)).run();
  }
}

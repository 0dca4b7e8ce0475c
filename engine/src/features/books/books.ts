/**
 * The audiobook area for one engine (Services.audiobook): repositories over SQLite, the chat
 * endpoint client, and the services the routes and job handlers call. Built once in engine.ts.
 */
import type { EngineConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { WorkerPool } from '../../jobs/worker-pool.ts';
import type { FileStore } from '../platform/files/file-store.ts';
import type { VoiceCatalog } from '../voices/catalog/voice-catalog.ts';
import { BookGenerator } from './manuscript/book-generator.ts';
import { BookImporter } from './manuscript/book-import.ts';
import { BookJobs } from './book-jobs.ts';
import { CastDetection } from './cast/cast-detection.ts';
import { CastRepo } from './cast/cast-repo.ts';
import { CastService } from './cast/cast-service.ts';
import { ChapterRepo } from './chapters/chapter-repo.ts';
import { ChapterService } from './chapters/chapter-service.ts';
import { ChatClient } from './llm/chat-client.ts';
import { ManuscriptService } from './manuscript/manuscript-service.ts';
import { ProductionRepo } from './production/production-repo.ts';
import { ProductionService } from './production/production-service.ts';
import { removeProjectFiles } from './projects/project-files.ts';
import { ProjectRepo } from './projects/project-repo.ts';
import { ProjectService } from './projects/project-service.ts';
import { ScreenplayService } from './screenplay/screenplay-service.ts';

export interface AudiobookDeps {
  db: Db;
  config: EngineConfig;
  jobs: JobRunner;
  files: FileStore;
  workers: WorkerPool;
  voices: VoiceCatalog;
  log: (line: string) => void;
}

export class Audiobook {
  readonly repos: {
    projects: ProjectRepo;
    chapters: ChapterRepo;
    cast: CastRepo;
    production: ProductionRepo;
    bookJobs: BookJobs;
  };
  readonly chat: ChatClient;
  readonly cast: CastService;
  readonly projects: ProjectService;
  readonly chapters: ChapterService;
  readonly importer: BookImporter;
  readonly manuscripts: ManuscriptService;
  readonly detection: CastDetection;
  readonly screenplay: ScreenplayService;
  readonly production: ProductionService;

  constructor(deps: AudiobookDeps) {
    this.repos = {
      projects: new ProjectRepo(deps.db),
      chapters: new ChapterRepo(deps.db),
      cast: new CastRepo(deps.db),
      production: new ProductionRepo(deps.db),
      bookJobs: new BookJobs(deps.db),
    };
    const { projects, chapters, cast, production, bookJobs } = this.repos;
    this.chat = new ChatClient(deps.config.llmUrl, deps.config.llmModel);
    this.cast = new CastService(projects, chapters, cast, deps.voices);
    this.projects = new ProjectService(projects, chapters, bookJobs, deps.jobs, this.cast, (id) =>
      removeProjectFiles(deps.config.home, id),
    );
    this.chapters = new ChapterService(this.projects, chapters, deps.jobs, (owner, voice) =>
      this.cast.checkVoice(owner, voice),
    );
    this.importer = new BookImporter(deps.db, projects, chapters, this.cast, deps.log);
    this.detection = new CastDetection(this.cast, projects, bookJobs, deps.jobs, this.chat);
    this.manuscripts = new ManuscriptService({
      projects: this.projects,
      projectRepo: projects,
      chapters,
      bookJobs,
      jobs: deps.jobs,
      files: deps.files,
      workers: deps.workers,
      importer: this.importer,
      generator: new BookGenerator(this.chat),
      cast: this.cast,
      detection: this.detection,
    });
    this.screenplay = new ScreenplayService(projects, chapters, bookJobs, deps.jobs, this.chat);
    this.production = new ProductionService(this.projects, production, deps.files);
  }
}

/**
 * The books area for one engine (Services.books): its repositories over SQLite (private to the
 * area), the language model it is handed, and the services its routes and job handlers call — projects,
 * manuscripts, chapters, cast, screenplay, production, narration and takes, export. Built once in
 * engine.ts from `BooksDeps`; nothing outside the area reaches its tables.
 */
import type { Core } from '../../core.ts';
import type { LanguageModel } from '../language/index.ts';
import type { FileStore, UrlSigner } from '../platform/index.ts';
import { suitedVoices, type Voices } from '../voices/index.ts';
import { ExportService } from './export/export-service.ts';
import { LineNarrator } from './narration/line-narrator.ts';
import { NarrationService } from './narration/narration-service.ts';
import { TakeService } from './narration/take-service.ts';
import { TakeRepo } from './narration/take-repo.ts';
import { BookGenerator } from './manuscript/book-generator.ts';
import { BookImporter } from './manuscript/book-import.ts';
import { BOOK_READING_TASK, type BookReading } from './cast/rules/book-reading-task.ts';
import { BookJobs } from './book-jobs.ts';
import { CastDetection } from './cast/cast-detection.ts';
import { ModelDetection } from './cast/model-detection.ts';
import { CastRepo } from './cast/cast-repo.ts';
import { CastService, type CastVoiceSource } from './cast/cast-service.ts';
import { AutoCast } from './cast/auto-cast.ts';
import { DirectionService } from './direction/direction-service.ts';
import { ChapterRepo } from './chapters/chapter-repo.ts';
import { ChapterService } from './chapters/chapter-service.ts';
import { ManuscriptService } from './manuscript/manuscript-service.ts';
import { ProductionRepo } from './production/production-repo.ts';
import { ProductionService } from './production/production-service.ts';
import { removeProjectFiles } from './projects/project-files.ts';
import { ProjectRepo } from './projects/project-repo.ts';
import { ProjectService } from './projects/project-service.ts';
import { ScreenplayService } from './screenplay/screenplay-service.ts';
import { BookStatus } from './status/book-status.ts';
import { LineStaleness } from './status/line-staleness.ts';
import { LineStatus } from './status/line-status.ts';

export interface BooksDeps extends Pick<
  Core,
  'db' | 'config' | 'jobs' | 'jobRepo' | 'jobEvents' | 'workers' | 'ffmpeg' | 'log'
> {
  files: FileStore;
  urls: UrlSigner;
  voices: Pick<Voices, 'catalog' | 'synth' | 'distinctVoices'>;
  /** The engine's language model (a pack, the owner's file or chat server; or none). */
  language: LanguageModel;
}

export class Books {
  readonly repos: {
    projects: ProjectRepo;
    chapters: ChapterRepo;
    cast: CastRepo;
    production: ProductionRepo;
    bookJobs: BookJobs;
  };
  /** The language model: speakers, annotation, direction, generation, voice ideas. */
  readonly language: LanguageModel;
  readonly cast: CastService;
  /** cast/auto: a designed voice per character (priced). */
  readonly autoCast: AutoCast;
  readonly projects: ProjectService;
  readonly chapters: ChapterService;
  readonly importer: BookImporter;
  readonly manuscripts: ManuscriptService;
  readonly detection: CastDetection;
  /** method=llm: the rules' reading refined by the language model. */
  readonly modelDetection: ModelDetection;
  readonly screenplay: ScreenplayService;
  /** Auto Direction: the brief and a note and emotion per paragraph. */
  readonly direction: DirectionService;
  readonly production: ProductionService;
  /** The one writer of project and chapter statuses. */
  readonly status: BookStatus;
  /** The one writer of line statuses and active takes. */
  readonly lineStatus: LineStatus;
  /** Which lines' audio no longer matches them (read from their active takes). */
  readonly staleness: LineStaleness;
  readonly narration: NarrationService;
  /** One line into a take; the book's narrator voice. */
  readonly lines: LineNarrator;
  /** Every line's take history. */
  readonly takes: TakeService;
  readonly exports: ExportService;

  constructor(readonly deps: BooksDeps) {
    this.repos = {
      projects: new ProjectRepo(deps.db),
      chapters: new ChapterRepo(deps.db),
      cast: new CastRepo(deps.db),
      production: new ProductionRepo(deps.db),
      bookJobs: new BookJobs(deps.jobRepo),
    };
    const { projects, chapters, cast, production, bookJobs } = this.repos;
    this.status = new BookStatus(projects, chapters, bookJobs);
    this.language = deps.language;
    this.lineStatus = new LineStatus(chapters, this.status);
    const takes = new TakeRepo(deps.db);
    this.staleness = new LineStaleness(
      {
        takes: (ids) => takes.byIds(ids),
        voiceContext: (project) => this.cast.voiceContext(project),
      },
      (projectId) => chapters.narratedParagraphs(projectId),
    );
    const castVoices: CastVoiceSource = {
      distinct: (language, options) =>
        deps.voices
          .distinctVoices(language, options)
          .map((v) => ({ id: v.id, name: v.name, preset: v.variant?.preset ?? null })),
      defaultNarrator: (language) =>
        suitedVoices(deps.voices.catalog.list(), language)[0]?.id ?? null,
    };
    this.cast = new CastService(
      projects,
      chapters,
      cast,
      deps.voices.catalog,
      castVoices,
      (input) => deps.workers.run<BookReading>(BOOK_READING_TASK, input),
    );
    this.autoCast = new AutoCast(
      this.cast,
      cast,
      projects,
      bookJobs,
      deps.jobs,
      castVoices,
      chapters,
    );
    this.projects = new ProjectService(
      projects,
      chapters,
      bookJobs,
      deps.jobs,
      this.cast,
      this.staleness,
      (id) => removeProjectFiles(deps.config.home, id),
    );
    this.chapters = new ChapterService(
      this.projects,
      chapters,
      deps.jobs,
      (owner, voice) => this.cast.checkVoice(owner, voice),
      this.staleness,
    );
    this.importer = new BookImporter(deps.db, projects, chapters, this.cast, this.status, deps.log);
    this.modelDetection = new ModelDetection(this.cast, chapters, projects, this.language);
    this.detection = new CastDetection(
      this.cast,
      projects,
      bookJobs,
      deps.jobs,
      this.language,
      this.modelDetection,
    );
    this.manuscripts = new ManuscriptService({
      projects: this.projects,
      projectRepo: projects,
      chapters,
      bookJobs,
      jobs: deps.jobs,
      files: deps.files,
      workers: deps.workers,
      importer: this.importer,
      generator: new BookGenerator(this.language),
      cast: this.cast,
      detection: this.detection,
      status: this.status,
    });
    this.screenplay = new ScreenplayService(projects, chapters, bookJobs, deps.jobs, this.language);
    this.direction = new DirectionService(projects, chapters, bookJobs, deps.jobs, this.language);
    this.production = new ProductionService(this.projects, production, deps.files, () =>
      deps.ffmpeg.require(),
    );
    this.takes = new TakeService(takes, { config: deps.config, urls: deps.urls, books: this });
    this.lines = new LineNarrator({
      config: deps.config,
      books: this,
      takes,
      voices: deps.voices.catalog,
      synth: deps.voices.synth,
      ffmpeg: deps.ffmpeg,
    });
    this.narration = new NarrationService({
      audiobook: this,
      takes,
      lines: this.lines,
      jobs: deps.jobs,
      jobEvents: deps.jobEvents,
    });
    this.exports = new ExportService(this);
  }
}

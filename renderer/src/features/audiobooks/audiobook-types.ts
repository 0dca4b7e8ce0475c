/**
 * Wire types of the audiobook routes (document 2), named from the engine's contract
 * (../../api/contract.gen.ts, generated from the route table): a changed field fails the
 * studio's typecheck.
 */
import type { BodyOf, QueryOf, ResponseOf } from '../../api/contract.ts';

type ProjectRoute = '/audiobook/projects/{project_id}';
type ParagraphRoute = '/audiobook/projects/{project_id}/paragraphs/{paragraph_id}';

export type Project = ResponseOf<'get', ProjectRoute>;
/**
 * `draft` before any manuscript, then the three states of document 2's project table, and the
 * narration's `narrating` / `narrated`.
 */
export type ProjectStatus = Project['status'];
export type ProjectPage = ResponseOf<'get', '/audiobook/projects'>;
export type ProjectListQuery = Pick<
  NonNullable<QueryOf<'get', '/audiobook/projects'>>,
  'page' | 'per_page' | 'search'
>;
export type CreateProject = BodyOf<'post', '/audiobook/projects'>;

/** A chapter as the project lists it (GET project with `include_chapters`). */
export type Chapter = NonNullable<Project['chapters']>[number];
/** One chapter as its own route answers it (with its text). */
export type ChapterDetail = ResponseOf<
  'get',
  '/audiobook/projects/{project_id}/chapters/{chapter_id}'
>;
export type ChapterKind = Chapter['kind'];
export type SegmentStatus = Chapter['status'];
export type ChapterUpdate = BodyOf<'put', '/audiobook/projects/{project_id}/chapters/{chapter_id}'>;

export type Paragraph = ResponseOf<'get', ParagraphRoute>;
export type ParagraphPage = ResponseOf<
  'get',
  '/audiobook/projects/{project_id}/chapters/{chapter_id}/paragraphs'
>;
export type ParagraphUpdate = BodyOf<'put', ParagraphRoute>;

export type CastList = ResponseOf<'get', '/audiobook/projects/{project_id}/cast'>;
export type CastMember = CastList['members'][number];
export type DetectResult = ResponseOf<'post', '/audiobook/projects/{project_id}/cast/detect'>;
export type AssignResult = ResponseOf<'post', '/audiobook/projects/{project_id}/cast/assign'>;
export type AliasResult = ResponseOf<'post', '/audiobook/projects/{project_id}/cast/alias'>;

export type Attestation = ResponseOf<'post', '/audiobook/projects/{project_id}/rights-attestation'>;
export type CostEstimate = ResponseOf<'get', '/audiobook/projects/{project_id}/cost-estimate'>;

export type UploadedManuscript = ResponseOf<
  'post',
  '/audiobook/projects/{project_id}/manuscript/upload'
>;
export type ParseRequest = BodyOf<'post', '/audiobook/projects/{project_id}/manuscript/parse'>;
export type AppendRequest = BodyOf<'post', '/audiobook/projects/{project_id}/manuscript/append'>;
export type ParseStarted = ResponseOf<'post', '/audiobook/projects/{project_id}/manuscript/parse'>;
export type PasteRequest = BodyOf<'post', '/audiobook/projects/{project_id}/manuscript/paste'>;
export type ImportResult = ResponseOf<'post', '/audiobook/projects/{project_id}/manuscript/paste'>;

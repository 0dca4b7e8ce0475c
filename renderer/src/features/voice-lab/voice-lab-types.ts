/**
 * Wire types of document 3's custom-voice routes (docs/api/voices-custom.md), named from the
 * engine's contract (../../api/contract.gen.ts, generated from the route table).
 */
import type { ResponseOf } from '../../api/contract.ts';

export type SampleReport = ResponseOf<'post', '/voice/samples/analyze'>;
export type CreatedVoice = ResponseOf<'post', '/voice/voice-clone'>;
export type DesignResult = ResponseOf<'post', '/voice/design'>;
export type DesignPreview = DesignResult['previews'][number];
export type ConversionJob = ResponseOf<'get', '/voice/convert/{conversion_id}/status'>;
export type ConversionStarted = ResponseOf<'post', '/voice/voice-convert'>;

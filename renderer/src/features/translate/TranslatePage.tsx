/**
 * The Translate page: drop a recording or paste its address, choose the language, and watch each
 * stage; then hear the dub beside the original, download it with subtitles in both languages,
 * read both transcripts line by line and re-speak a line after editing it. Past translations
 * can be reopened, tried again or deleted. docs/api/speech-translation.md.
 */
import { NeedsPack } from '../models/NeedsPack.tsx';
import { PageBody } from '../../ui/Layout.tsx';
import { DubTranscriptView } from './DubTranscriptView.tsx';
import { TranslateForm } from './TranslateForm.tsx';
import { TranslateProgress } from './TranslateProgress.tsx';
import { TranslateResult } from './TranslateResult.tsx';
import { TranslationHistory } from './TranslationHistory.tsx';
import { isRunning } from './translate-types.ts';
import { useSpeechTranslation } from './use-speech-translation.ts';

export function TranslatePage() {
  const page = useSpeechTranslation();
  const { shown, live, transcript } = page;
  const names = new Map((page.languages?.languages ?? []).map((l) => [l.code, l.name]));
  const languageName = (code: string | null) =>
    code === null ? 'detected language' : (names.get(code) ?? code);
  const running = shown !== null && isRunning(shown) && !live.finished;
  return (
    <PageBody testId="translate-page">
      <NeedsPack capability="transcription" />
      <TranslateForm
        languages={page.languages}
        busy={page.starting}
        running={running}
        error={page.startError}
        onStart={page.start}
      />
      {shown && shown.status !== 'COMPLETED' && (
        <TranslateProgress
          translation={shown}
          live={live}
          retrying={page.retrying}
          onRetry={() => void page.retry(shown.id)}
        />
      )}
      {shown?.status === 'COMPLETED' && (
        <TranslateResult translation={shown} languageName={languageName} />
      )}
      {shown?.status === 'COMPLETED' && transcript && (
        <DubTranscriptView
          transcript={transcript}
          editable
          source={languageName(transcript.source_language)}
          target={languageName(transcript.target_language)}
          onSave={page.editLine}
        />
      )}
      <TranslationHistory
        translations={page.history}
        shownId={shown?.id ?? null}
        languageName={languageName}
        onShow={page.show}
        onRetry={page.retry}
        onDelete={page.remove}
      />
    </PageBody>
  );
}

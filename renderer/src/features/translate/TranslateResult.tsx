/**
 * A finished translation: the dub in a player, an A/B against the original (the same moment in
 * either, switched without a gap), and every download: the dubbed audio, the video when the
 * recording was one, and the subtitles in both languages.
 */
import { useState } from 'react';
import { ABPlayer } from '../../ui/audio/ABPlayer.tsx';
import { AudioPlayer } from '../../ui/audio/AudioPlayer.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Cluster, Stack } from '../../ui/Layout.tsx';
import type { SpeechTranslation } from './translate-types.ts';

interface Link {
  id: string;
  label: string;
  href: string | null | undefined;
}

function links(t: SpeechTranslation, source: string, target: string): Link[] {
  return [
    { id: 'audio', label: 'Dubbed audio', href: t.translated_audio_url },
    { id: 'video', label: 'Dubbed video', href: t.video_output_url },
    { id: 'target-srt', label: `Subtitles in ${target} (SRT)`, href: t.subtitle_urls?.target_srt },
    {
      id: 'target-vtt',
      label: `Subtitles in ${target} (WebVTT)`,
      href: t.subtitle_urls?.target_vtt,
    },
    { id: 'source-srt', label: `Subtitles in ${source} (SRT)`, href: t.subtitle_urls?.source_srt },
    {
      id: 'source-vtt',
      label: `Subtitles in ${source} (WebVTT)`,
      href: t.subtitle_urls?.source_vtt,
    },
  ];
}

/** A/B of the original and the dub, heard in sync; decoded only when asked for. */
function Compare({
  original,
  dub,
  source,
  target,
}: {
  original: string;
  dub: string;
  source: string;
  target: string;
}) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <div>
        <Button
          icon="play"
          variant="secondary"
          onClick={() => setOpen(true)}
          testId="translate-compare"
        >
          Compare with the original
        </Button>
      </div>
    );
  }
  return (
    <ABPlayer
      a={{ id: 'original', url: original, choice: `A · ${source}`, title: `Original (${source})` }}
      b={{ id: 'dub', url: dub, choice: `B · ${target}`, title: `Dub (${target})` }}
      testIdPrefix="translate-ab"
    />
  );
}

export function TranslateResult({
  translation,
  languageName,
}: {
  translation: SpeechTranslation;
  languageName: (code: string | null) => string;
}) {
  const source = languageName(translation.source_language);
  const target = languageName(translation.target_language);
  const original = translation.transcript_urls?.source_audio ?? null;
  return (
    <Card
      title={`“${translation.display_name}” in ${target}`}
      description={
        translation.source_language_detected ? `Spoken language detected: ${source}.` : undefined
      }
      testId="translate-result"
    >
      <Stack gap={3}>
        {translation.translated_audio_url && (
          <AudioPlayer
            src={translation.translated_audio_url}
            title={`Dub in ${target}`}
            testId="translate-dub"
          />
        )}
        {original && translation.translated_audio_url && (
          <Compare
            original={original}
            dub={translation.translated_audio_url}
            source={source}
            target={target}
          />
        )}
        <Cluster gap={2} testId="translate-downloads">
          {links(translation, source, target)
            .filter((link): link is Link & { href: string } => Boolean(link.href))
            .map((link) => (
              <ButtonLink
                key={link.id}
                href={link.href}
                download=""
                icon="download"
                variant="secondary"
                size="sm"
                testId={`translate-download-${link.id}`}
              >
                {link.label}
              </ButtonLink>
            ))}
        </Cluster>
      </Stack>
    </Card>
  );
}

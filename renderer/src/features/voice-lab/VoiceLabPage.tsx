/**
 * The Voice lab (`#/voices/lab`): clone a voice from a recorded or uploaded sample (with the
 * live quality meter), design one from a description, publish it, and convert recordings to
 * your voices with A/B comparison. docs/api/voices-custom.md describes the routes.
 */
import { useCallback, useState } from 'react';
import { NeedsPack } from '../models/NeedsPack.tsx';
import { ConvertCard } from './ConvertCard.tsx';
import { DesignCard } from './DesignCard.tsx';
import { SampleCard } from './SampleCard.tsx';
import { VoiceLabClient } from './voice-lab-client.ts';
import type { CreatedVoice } from './voice-lab-types.ts';
import './voice-lab.css';

export function VoiceLabPage({ client: given }: { client?: VoiceLabClient }) {
  const [client] = useState(() => given ?? new VoiceLabClient());
  const [voices, setVoices] = useState<CreatedVoice[]>([]);
  const added = useCallback((voice: CreatedVoice) => setVoices((all) => [voice, ...all]), []);
  return (
    <div className="vl-page stack" data-testid="voice-lab-page">
      <NeedsPack capability="voice-cloning" />
      <NeedsPack capability="voice-conversion" />
      <SampleCard client={client} onVoice={added} />
      <DesignCard client={client} onVoice={added} />
      <ConvertCard client={client} voices={voices} />
    </div>
  );
}

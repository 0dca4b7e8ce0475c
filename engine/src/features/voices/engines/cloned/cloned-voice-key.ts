/**
 * Catalog keys of cloned voices: `<family>:<pack>#<voice uuid>` (`pocket:pocket-tts-en#…`), so
 * the voice's id never shifts and the key says which pack speaks it and whose prompt it is.
 */
import { AppError } from '../../../../errors.ts';
import { isCloneFamily, type CloneFamily } from '../../cloning/clone-packs.ts';

export function clonedVoiceKey(family: CloneFamily, packId: string, voiceUuid: string): string {
  return `${family}:${packId}#${voiceUuid}`;
}

export function parseClonedVoiceKey(key: string): {
  family: CloneFamily;
  pack: string;
  uuid: string;
} {
  const match = /^([a-z]+):([a-z0-9-]+)#([0-9a-f-]{36})$/.exec(key);
  const family = match?.[1];
  if (!match?.[2] || !match[3] || !isCloneFamily(family))
    throw new AppError('voice_not_found', `"${key}" is not a cloned voice`, { details: { key } });
  return { family, pack: match[2], uuid: match[3] };
}

/**
 * The capability status the engine computes once (docs/api/models.md, "Capabilities"): ready,
 * needs a pack (which one), or needs configuration. Every page reads it from the health check
 * (features/engine/health-context.tsx), so Home, the Engine page, Models and the tool pages
 * always say the same thing.
 */
import type { Health } from '../../api/types.ts';
import { useEngineHealth } from '../engine/health-context.tsx';

export type CapabilityStatus = Health['capabilities'][number];
export type CapabilityId = CapabilityStatus['id'];

export function useCapabilities(): CapabilityStatus[] | null {
  return useEngineHealth().health?.capabilities ?? null;
}

export function useCapability(id: CapabilityId): CapabilityStatus | null {
  return useCapabilities()?.find((c) => c.id === id) ?? null;
}

/** A status word for a badge. */
export function statusWord(status: CapabilityStatus): string {
  if (status.status === 'needs_configuration') return 'Needs setting up';
  if (status.status === 'needs_pack') return 'Needs a download';
  return status.ready_with === 'built_in' ? 'Ready (built in)' : 'Ready';
}

export function statusTone(status: CapabilityStatus): 'ok' | 'warn' | 'info' {
  if (status.status === 'ready') return status.ready_with === 'pack' ? 'ok' : 'info';
  return 'warn';
}

/** What voice conversion works with: the custom-voice deps and the owner's file store. */
import type { FileStore } from '../../platform/index.ts';
import type { CustomVoiceDeps } from '../custom/custom-deps.ts';

export interface ConversionDeps extends CustomVoiceDeps {
  files: FileStore;
}

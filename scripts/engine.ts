/**
 * `npm run engine`: the headless engine plus the web studio, on 127.0.0.1:7341 by default
 * (TAPEHOUSE_PORT, TAPEHOUSE_HOME, ... in README). Prints `TAPEHOUSE_READY <url>` when listening.
 */
import { ensureStudioBuilt } from './ensure-studio-built.ts';

ensureStudioBuilt();
await import('../engine/src/main.ts');

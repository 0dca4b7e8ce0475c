// Every table of the engine; drizzle-kit reads this file to generate migrations.
export * from './jobs.ts';
export * from './files.ts';
export * from './accounts.ts';
export * from './sessions.ts';
export * from './api-keys.ts';
export * from './auth-signals.ts';
export * from './outbox.ts';
export * from './credits.ts';
export * from './webhooks.ts';
export * from './audiobook.ts';
export * from './narration.ts';
export * from './web.ts';
export * from './webhook-ingest.ts';
export * from './checkout.ts';
export * from './sync.ts';
export * from './transcripts.ts';
export * from './custom-voices.ts';

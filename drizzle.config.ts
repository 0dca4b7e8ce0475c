import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema with `npm run db:generate` and committed; the engine
// applies them before it listens (engine/src/db/migrate.ts).
export default defineConfig({
  dialect: 'sqlite',
  schema: './engine/src/db/schema/index.ts',
  out: './engine/src/db/migrations',
});

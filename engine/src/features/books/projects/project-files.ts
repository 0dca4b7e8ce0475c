/**
 * A book's files outside the database: its takes' audio (`<home>/narration/<project>`) and its
 * export packages (`<home>/exports/<project>`). Deleting the project removes them with its rows,
 * so a deleted book leaves nothing behind on disk.
 */
import fs from 'node:fs';
import path from 'node:path';

export const PROJECT_FILE_FOLDERS = ['narration', 'exports'] as const;

export function removeProjectFiles(home: string, projectId: string): void {
  for (const folder of PROJECT_FILE_FOLDERS)
    fs.rmSync(path.join(home, folder, projectId), { recursive: true, force: true });
}

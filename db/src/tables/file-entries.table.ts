import type { Generated, Selectable } from 'kysely';

export interface FileEntriesTable {
  id: Generated<number>;
  /** The name the file had on the uploader's machine; shown to people, never used as a path. */
  name: string;
  /** Server-generated storage key, relative to the disk's root. */
  file_name: string;
  mime: string | null;
  extension: string | null;
  file_size: number;
  /** `public` files are served to anyone at /uploads; `uploads` files only through permission-checked routes. */
  disk: string;
  parent_id: number | null;
  user_id: number | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export type FileEntryRow = Selectable<FileEntriesTable>;

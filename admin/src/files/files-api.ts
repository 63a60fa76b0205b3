import { httpClient } from '../providers/httpClient.ts';
import type { FileEntry } from '@app/shared/upload/uploader';

/** The data provider's file methods besides the `files` resource. */
export const fileMethods = {
  /**
   * Stores an image among the public files (the same upload rules as every upload) and answers
   * its entry, whose `url` a cover or portrait field then holds.
   */
  async uploadImage(file: File): Promise<{ data: FileEntry }> {
    const body = new FormData();
    body.append('file', file);
    body.append('metadata', JSON.stringify({ disk: 'public' }));
    const { json } = await httpClient('/api/v1/file-entries', { method: 'POST', body });
    return { data: json.fileEntry as FileEntry };
  },
};

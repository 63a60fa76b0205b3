/** Where a file entry's bytes are read: public files directly, the others through the checked preview route. */
export function fileUrl(record: { id: number; disk: string; file_name: string }): string {
  return record.disk === 'public' ? `/uploads/${record.file_name}` : `/api/v1/file-entries/${record.id}/preview`;
}

export const isImage = (mime: string | null | undefined) => /^image\/(png|jpeg|gif|webp|avif)$/.test(mime ?? '');
export const isAudio = (mime: string | null | undefined) => /^audio\//.test(mime ?? '');

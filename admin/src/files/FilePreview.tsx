import { Avatar } from '@mui/material';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import { useRecordContext, useTranslate } from 'react-admin';
import { fileUrl, isAudio, isImage } from './preview.ts';

/** Images as a thumbnail, audio as a player that loads nothing until played, anything else as an icon. */
export function FilePreview({ large = false }: { large?: boolean; label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const url = fileUrl(record as { id: number; disk: string; file_name: string });
  if (isImage(record.mime)) {
    return large ? (
      <img src={url} alt={record.name} style={{ maxWidth: '100%', maxHeight: 480, borderRadius: 8 }} />
    ) : (
      <Avatar src={url} alt="" variant="rounded" sx={{ width: 40, height: 40 }} />
    );
  }
  if (isAudio(record.mime)) {
    return (
      <audio controls preload="none" src={url} aria-label={translate('Play %{name}', { name: record.name })} style={{ width: large ? '100%' : 220, maxWidth: '100%' }} onClick={(event) => event.stopPropagation()} />
    );
  }
  return <InsertDriveFileIcon color="action" aria-hidden />;
}

import { Avatar } from '@mui/material';
import { useRecordContext } from 'react-admin';

/** Small cover or portrait for lists; images are decorative, the name column carries the meaning. */
export function Thumbnail({ source = 'image', round = false }: { source?: string; round?: boolean; label?: string }) {
  const record = useRecordContext();
  return <Avatar src={record?.[source] ?? undefined} alt="" variant={round ? 'circular' : 'rounded'} sx={{ width: 40, height: 40 }} />;
}

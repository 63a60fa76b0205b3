import CommentIcon from '@mui/icons-material/Comment';
import { CommentEdit } from './CommentEdit.tsx';
import { CommentList } from './CommentList.tsx';

// No create: comments are written by listeners on the site.
export default { list: CommentList, edit: CommentEdit, icon: CommentIcon, recordRepresentation: (record: { content: string }) => record.content.slice(0, 40) };

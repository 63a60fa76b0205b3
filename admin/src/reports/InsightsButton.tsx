import InsightsIcon from '@mui/icons-material/Insights';
import { Button, TopToolbar, useRecordContext, useResourceContext } from 'react-admin';
import { Link } from 'react-router-dom';

/** Edit-page actions of tracks, albums and artists: a link to the item's insights page. */
export function InsightsActions() {
  const record = useRecordContext();
  const resource = useResourceContext();
  if (!record || !resource) return <TopToolbar />;
  return (
    <TopToolbar>
      <Button component={Link} to={`/${resource}/${record.id}/insights`} label="Insights">
        <InsightsIcon />
      </Button>
    </TopToolbar>
  );
}


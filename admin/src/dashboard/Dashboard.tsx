import { Card, CardContent, Grid, Typography } from '@mui/material';
import { Link, Title, useCanAccess, useGetList } from 'react-admin';

/** One small card per count, each with its own query, so one slow list never blocks the others. */
function CountCard({ resource, label }: { resource: string; label: string }) {
  const { canAccess } = useCanAccess({ resource, action: 'list' });
  const { total, isPending } = useGetList(resource, { pagination: { page: 1, perPage: 1 } }, { enabled: Boolean(canAccess) });
  if (!canAccess) return null;
  return (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
      <Card component={Link} to={`/${resource}`} sx={{ display: 'block', textDecoration: 'none' }}>
        <CardContent>
          <Typography variant="overline" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h4" component="p" data-testid={`count-${resource}`}>
            {isPending ? '…' : (total ?? 0).toLocaleString()}
          </Typography>
        </CardContent>
      </Card>
    </Grid>
  );
}

export function Dashboard() {
  return (
    <>
      <Title title="Dashboard" />
      <Grid container spacing={2} sx={{ mt: 2 }}>
        <CountCard resource="tracks" label="Tracks" />
        <CountCard resource="albums" label="Albums" />
        <CountCard resource="artists" label="Artists" />
        <CountCard resource="users" label="Users" />
      </Grid>
    </>
  );
}

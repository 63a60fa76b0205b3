import TranslateIcon from '@mui/icons-material/Translate';
import { Button, BulkDeleteButton, DataTable, DateField, List, SearchInput, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';

function TranslateButton() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Button component={Link} to={`/localizations/${record.id}/translate`} label="Translate" onClick={(event) => event.stopPropagation()}>
      <TranslateIcon />
    </Button>
  );
}

export function LocalizationList() {
  return (
    <List filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'name', order: 'ASC' }}>
      <DataTable bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
        <DataTable.Col source="name" />
        <DataTable.Col source="language" label="Code" />
        <DataTable.Col source="updated_at" label="Updated">
          <DateField source="updated_at" />
        </DataTable.Col>
        <DataTable.Col label="Lines" disableSort>
          <TranslateButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { Autocomplete, Box, IconButton, List, ListItem, ListItemText, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useGetList, useGetMany, useInput, useTranslate } from 'react-admin';
import { CONTENT_MODELS, itemLabel, referenceOf } from './choices.ts';

/**
 * The hand-picked items of a manual channel: search and add items of the kind the channel lists,
 * then order them with the arrow buttons (keyboard reachable, unlike drag and drop).
 */
export function ChannelItemsInput() {
  const model = useWatch({ name: 'content_model' }) as string | undefined;
  const translate = useTranslate();
  const reference = referenceOf(model);
  const { field } = useInput({ source: 'items', defaultValue: [] });
  const ids: number[] = Array.isArray(field.value) ? field.value : [];
  const [search, setSearch] = useState('');

  // Items are ids of the listed kind: when the kind changes, the old ids mean other things.
  const previousModel = useRef(model);
  useEffect(() => {
    if (previousModel.current !== undefined && previousModel.current !== model) field.onChange([]);
    previousModel.current = model;
  }, [model, field]);

  const { data: picked = [] } = useGetMany(reference ?? 'tracks', { ids }, { enabled: Boolean(reference) && ids.length > 0 });
  const { data: options = [], isPending } = useGetList(
    reference ?? 'tracks',
    { pagination: { page: 1, perPage: 20 }, sort: { field: 'id', order: 'ASC' }, filter: search.trim() ? { q: search.trim() } : {} },
    { enabled: Boolean(reference) },
  );
  if (!reference) return null;

  const byId = new Map(picked.map((item) => [item.id, item]));
  const addLabel = CONTENT_MODELS.find((m) => m.id === model)!.add;
  const move = (index: number, by: number) => {
    const next = [...ids];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    field.onChange(next);
  };

  return (
    <Box sx={{ width: '100%', maxWidth: 640 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {translate('Items, in the order shown')}
      </Typography>
      <Autocomplete
        options={options.filter((option) => !ids.includes(option.id))}
        getOptionLabel={(option) => itemLabel(option)}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterOptions={(x) => x}
        loading={isPending}
        value={null}
        inputValue={search}
        onInputChange={(_, value, reason) => reason !== 'reset' && setSearch(value)}
        onChange={(_, option) => {
          if (option) field.onChange([...ids, option.id]);
          setSearch('');
        }}
        renderInput={(params) => <TextField {...params} label={translate(addLabel)} helperText={translate('Type to search, then choose')} />}
      />
      {ids.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {translate('No items yet.')}
        </Typography>
      ) : (
        <List dense aria-label={translate('Channel items')}>
          {ids.map((id, index) => {
            const name = itemLabel(byId.get(id)) || `#${id}`;
            return (
              <ListItem
                key={id}
                divider
                secondaryAction={
                  <>
                    <IconButton aria-label={translate('Move %{name} up', { name })} disabled={index === 0} onClick={() => move(index, -1)}>
                      <ArrowUpwardIcon />
                    </IconButton>
                    <IconButton aria-label={translate('Move %{name} down', { name })} disabled={index === ids.length - 1} onClick={() => move(index, 1)}>
                      <ArrowDownwardIcon />
                    </IconButton>
                    <IconButton aria-label={translate('Remove %{name}', { name })} onClick={() => field.onChange(ids.filter((other) => other !== id))}>
                      <DeleteIcon />
                    </IconButton>
                  </>
                }
              >
                <ListItemText primary={`${index + 1}. ${name}`} />
              </ListItem>
            );
          })}
        </List>
      )}
    </Box>
  );
}

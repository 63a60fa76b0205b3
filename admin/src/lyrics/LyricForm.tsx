import { AutocompleteInput, BooleanInput, maxLength, ReferenceInput, required, SimpleForm, TextInput } from 'react-admin';
import { msg } from '../i18n/messages.ts';

const STAMPED = /^\s*(\[\d{1,3}:\d{1,2}(?:[.:]\d{1,3})?\]\s*)+/;
const TAG_LINE = /^\s*\[[a-z#]+:[^\]]*\]\s*$/i;

/** The API's LRC rule, checked as the admin types: every line timed or a tag, one timed at least. */
const lrc = (text: string | undefined, values: { is_synced?: boolean | number }) => {
  if (!values.is_synced || !text) return undefined;
  const lines = text.split(/\r\n|\r|\n/);
  const bad = lines.findIndex((line) => line.trim() && !STAMPED.test(line) && !TAG_LINE.test(line));
  if (bad >= 0) return { message: msg('Line %{line} has no time stamp. Synced lyrics are LRC: each line starts with [mm:ss.xx].'), args: { line: bad + 1 } };
  return lines.some((line) => STAMPED.test(line)) ? undefined : msg('Synced lyrics need at least one line starting with a time stamp such as [00:12.50].');
};

export function LyricForm() {
  return (
    <SimpleForm>
      <ReferenceInput source="track_id" reference="tracks">
        <AutocompleteInput label="Track" validate={required()} />
      </ReferenceInput>
      <BooleanInput source="is_synced" label="Synced (LRC with time stamps)" format={(value) => Boolean(value)} />
      <TextInput
        source="text"
        label="Lyrics"
        multiline
        minRows={12}
        fullWidth
        helperText="Synced lyrics: one line each, starting with [mm:ss.xx]"
        validate={[required(), maxLength(50000), lrc]}
        sx={{ '& textarea': { fontFamily: 'monospace' } }}
      />
    </SimpleForm>
  );
}

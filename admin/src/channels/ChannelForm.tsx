import { BooleanInput, FormDataConsumer, maxLength, NumberInput, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { msg } from '../i18n/messages.ts';
import { ChannelItemsInput } from './ChannelItemsInput.tsx';
import { CONTENT_MODELS, CONTENT_SOURCES, LAYOUTS } from './choices.ts';

const slugRule = (value: string | undefined) =>
  !value || /^[\p{Ll}\p{N}]+(?:-[\p{Ll}\p{N}]+)*$/u.test(value) ? undefined : msg('Use lower-case letters, digits and hyphens, for example summer-hits.');

export function ChannelForm() {
  return (
    <SimpleForm defaultValues={{ content_source: 'manual', layout: 'grid', items_limit: 20, items: [] }}>
      <TextInput source="name" validate={[required(), maxLength(100)]} fullWidth />
      <TextInput source="slug" label="Address" helperText="The channel's page is /channel/{address}" validate={[required(), maxLength(100), slugRule]} fullWidth />
      <TextInput source="description" multiline minRows={2} validate={maxLength(1000)} fullWidth />
      <SelectInput source="content_model" label="Lists" choices={CONTENT_MODELS} validate={required()} />
      <SelectInput source="content_source" label="Content" choices={CONTENT_SOURCES} validate={required()} />
      <SelectInput source="layout" choices={LAYOUTS} validate={required()} />
      <NumberInput source="items_limit" label="Items shown" min={1} max={100} validate={required()} />
      <BooleanInput source="hide_title" label="Hide the title" format={(value) => Boolean(value)} />
      <FormDataConsumer>{({ formData }) => (formData.content_source === 'manual' ? <ChannelItemsInput /> : null)}</FormDataConsumer>
    </SimpleForm>
  );
}

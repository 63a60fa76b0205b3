import { RichTextInput } from 'ra-input-rich-text';
import { maxLength, required, SimpleForm, TextInput } from 'react-admin';
import { msg } from '../i18n/messages.ts';

const slugRule = (value: string | undefined) =>
  !value || /^[\p{Ll}\p{N}]+(?:-[\p{Ll}\p{N}]+)*$/u.test(value) ? undefined : msg('Use lower-case letters, digits and hyphens, for example privacy-policy.');

export function CustomPageForm() {
  return (
    <SimpleForm>
      <TextInput source="title" validate={[required(), maxLength(255)]} fullWidth />
      <TextInput source="slug" label="Address" helperText="The page is at /pages/{address}" validate={[required(), maxLength(100), slugRule]} fullWidth />
      <RichTextInput source="body" label="Content" helperText="Scripts, frames and styles are removed when saved" fullWidth />
    </SimpleForm>
  );
}

import { maxLength, required, SimpleForm, TextInput } from 'react-admin';
import { msg } from '../i18n/messages.ts';

const languageCode = (value: string | undefined) => (!value || /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(value) ? undefined : msg('Enter a language code such as fr or pt-BR.'));

export function LocalizationForm() {
  return (
    <SimpleForm>
      <TextInput source="name" helperText="As people who speak it write it, for example Français" validate={[required(), maxLength(100)]} />
      <TextInput source="language" label="Language code" helperText="For example fr or pt-BR" validate={[required(), maxLength(20), languageCode]} />
    </SimpleForm>
  );
}

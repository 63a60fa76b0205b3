import { maxLength, required } from 'react-admin';
import { msg } from '../i18n/messages.ts';

export const requiredName = [required(), maxLength(255)];

/** Same rule as the API: a site path or an http(s) address. */
export const imageAddress = (value: string | null | undefined) =>
  !value || /^\/(?!\/)\S*$/.test(value) || /^https?:\/\/\S+$/i.test(value) ? undefined : msg('Enter a path starting with / or an http(s) address.');

export const httpAddress = (value: string | null | undefined) => (!value || /^https?:\/\/\S+$/i.test(value) ? undefined : msg('Enter an http or https address.'));

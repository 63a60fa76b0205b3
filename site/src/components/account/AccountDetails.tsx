import './AccountDetails.css';
import { useRef, useState } from 'react';
import { HttpError } from '../../lib/http.ts';
import { islandApi, ok } from '../../lib/island-api.ts';
import { profileChanged } from '../../stores/account.atoms.ts';
import { toast } from '../../stores/toast.atoms.ts';
import { Field, formText, useServerForm } from '../auth/form.tsx';
import { Section } from './Section.tsx';
import type { AccountUser, Translate } from './types.ts';

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

export function AccountDetails({ t, user }: { t: Translate; user: AccountUser }) {
  const { formRef, busy, errors, submit } = useServerForm(t('There was an issue. Please try again.'));
  const [image, setImage] = useState(user.image);
  const [displayName, setDisplayName] = useState(user.display_name);
  const fileRef = useRef<HTMLInputElement>(null);

  const onSubmit = submit(async (form) => {
    const saved = await ok(islandApi.users[':id'].$put({ param: { id: String(user.id) }, json: { name: formText(form, 'name'), first_name: formText(form, 'first_name'), last_name: formText(form, 'last_name') } }));
    setDisplayName(saved.user.display_name);
    profileChanged({ id: user.id, name: saved.user.display_name, image });
    toast(t('Updated account details'));
  });

  const upload = async (file: File) => {
    try {
      const response = await ok(islandApi.users[':id'].avatar.$post({ param: { id: String(user.id) }, form: { file } }));
      setImage(response.user.image);
      profileChanged({ id: user.id, name: displayName, image: response.user.image });
      toast(t('Uploaded avatar'));
    } catch (error) {
      // The file field's message, as a danger toast (spec §8).
      toast.danger(error instanceof HttpError ? (error.errors.file ?? error.message) : t('There was an issue. Please try again.'));
    } finally {
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const remove = async () => {
    try {
      await ok(islandApi.users[':id'].avatar.$delete({ param: { id: String(user.id) } }));
      setImage(null);
      profileChanged({ id: user.id, name: displayName, image: null });
      toast(t('Removed avatar'));
    } catch (error) {
      toast.danger((error as Error).message);
    }
  };

  return (
    <Section id="account-details" title={t('Update name and profile image')}>
      <div className="avatar-editor">
        {image ? <img className="avatar large" src={image} alt={t('Profile image')} /> : <span className="avatar large" aria-hidden="true">{displayName.slice(0, 1).toUpperCase()}</span>}
        <div className="avatar-actions">
          <label className="button">
            {t('Upload image')}
            <input ref={fileRef} type="file" accept={IMAGE_TYPES} className="visually-hidden" onChange={(e) => e.currentTarget.files?.[0] && upload(e.currentTarget.files[0])} />
          </label>
          {image && (
            <button type="button" className="button" onClick={remove}>
              {t('Remove image')}
            </button>
          )}
          <span className="muted small">{t('PNG, JPEG, GIF or WebP, at most 2 MB.')}</span>
        </div>
      </div>
      <form ref={formRef} onSubmit={onSubmit} method="post" noValidate>
        <div className="field-row">
          <Field id="details-first-name" name="first_name" label={t('First name')} autoComplete="given-name" defaultValue={user.first_name ?? ''} error={errors.first_name} optional />
          <Field id="details-last-name" name="last_name" label={t('Last name')} autoComplete="family-name" defaultValue={user.last_name ?? ''} error={errors.last_name} optional />
        </div>
        <Field id="details-name" name="name" label={t('Display name')} autoComplete="nickname" defaultValue={user.name ?? ''} error={errors.name} optional />
        <button type="submit" className="button primary" disabled={busy}>
          {t('Save')}
        </button>
      </form>
    </Section>
  );
}

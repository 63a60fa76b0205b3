import './backstage.css';
import { navigate } from 'astro:transitions/client';
import { useId, useState, type ChangeEvent } from 'react';
import { HttpError } from '../../lib/http.ts';
import { translator, type Lines } from '../../lib/i18n.ts';
import { islandApi, ok } from '../../lib/island-api.ts';
import { Field, useServerForm } from '../auth/form.tsx';

interface Props {
  lines: Lines;
  /** The artist being claimed; null to become a new artist. */
  artist: { id: number; name: string; image: string | null } | null;
}

const MAX_LINKS = 10;
/** What the server takes for a request's image and proof (BACKSTAGE_UPLOAD_TYPES). */
const PROOF_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,application/pdf';
const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

type Upload = { id: number; url: string; name: string } | null;

/**
 * /backstage/requests/verify-artist: the profile the artist wants (name, image, links) and a proof
 * of identity an admin can check (a file, or a social profile). Files are uploaded as soon as they
 * are chosen, through the API's file entries, so a refused type is said at once on its field.
 */
export default function VerifyArtistForm({ lines, artist }: Props) {
  const t = translator(lines);
  const id = useId();
  const { formRef, busy, errors, submit } = useServerForm(t('There was an issue. Please try again.'));
  const [links, setLinks] = useState<string[]>(['']);
  const [image, setImage] = useState<Upload>(artist?.image ? { id: 0, url: artist.image, name: '' } : null);
  const [proof, setProof] = useState<Upload>(null);
  const [uploading, setUploading] = useState<'image' | 'proof' | null>(null);
  const [uploadErrors, setUploadErrors] = useState<{ image?: string; proof?: string }>({});

  const upload = (kind: 'image' | 'proof') => async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setUploading(kind);
    setUploadErrors((current) => ({ ...current, [kind]: undefined }));
    try {
      const { fileEntry } = await ok(
        islandApi['file-entries'].$post({
          form: { file, metadata: JSON.stringify({ uploadType: 'backstageRequest', disk: kind === 'image' ? 'public' : 'uploads' }) },
        }),
      );
      (kind === 'image' ? setImage : setProof)({ id: fileEntry.id, url: fileEntry.url, name: file.name });
    } catch (error) {
      const message = error instanceof HttpError ? (error.errors.file ?? error.message) : t('There was an issue. Please try again.');
      setUploadErrors((current) => ({ ...current, [kind]: message }));
      event.target.value = '';
    } finally {
      setUploading(null);
    }
  };

  const send = submit(async (form) => {
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const { request } = await ok(
      islandApi['backstage-requests'].$post({
        json: {
          ...(artist ? { artist_id: artist.id } : { artist_name: text('artist_name') }),
          role: text('role') as 'artist' | 'manager' | 'label' | 'other',
          image: image?.url ?? null,
          links: links.map((url) => url.trim()).filter(Boolean).map((url) => ({ url, title: '' })),
          proof_url: text('proof_url') || null,
          proof_file_id: proof?.id ?? null,
          message: text('message') || null,
        },
      }),
    );
    await navigate(`/backstage/requests/${request.id}/request-submitted`);
  });

  const fieldError = (name: string) => errors[name];
  // The latest thing the user did speaks: a refused file, else what the server said on sending.
  const proofError = uploadErrors.proof ?? errors.proof_file_id ?? (proof ? undefined : errors.proof);

  return (
    <form ref={formRef} className="backstage-form" onSubmit={send} noValidate data-testid="verify-artist-form">
      {artist ? (
        <Field id={`${id}-name`} name="artist_name" label={t('Artist name')} defaultValue={artist.name} disabled error={fieldError('artist_id')} />
      ) : (
        <Field id={`${id}-name`} name="artist_name" label={t('Artist name')} autoComplete="off" error={fieldError('artist_name')} />
      )}

      <div className="field">
        <label htmlFor={`${id}-role`}>{t('You are')}</label>
        <select id={`${id}-role`} name="role" defaultValue="artist">
          <option value="artist">{t('The artist')}</option>
          <option value="manager">{t('Their manager')}</option>
          <option value="label">{t('Their label')}</option>
          <option value="other">{t('Other')}</option>
        </select>
      </div>

      <div className="field">
        <label htmlFor={`${id}-image`}>{t('Profile image')}</label>
        <div className="backstage-image-row">
          {image ? <img className="backstage-image-preview" src={image.url} alt="" /> : <span className="backstage-image-preview" aria-hidden="true" />}
          <input
            id={`${id}-image`}
            type="file"
            accept={IMAGE_ACCEPT}
            onChange={upload('image')}
            aria-invalid={Boolean(uploadErrors.image ?? errors.image)}
            aria-describedby={uploadErrors.image || errors.image ? `${id}-image-error` : undefined}
          />
        </div>
        {uploading === 'image' && <span className="muted">{t('Uploading…')}</span>}
        {(uploadErrors.image ?? errors.image) && (
          <span id={`${id}-image-error`} className="field-error">
            {uploadErrors.image ?? errors.image}
          </span>
        )}
      </div>

      <fieldset className="backstage-fieldset">
        <legend>{t('Links')}</legend>
        <p className="muted">{t('Your website and profiles, shown on your artist page.')}</p>
        {links.map((value, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: link rows are addressed by position (field ids, the API's links.N errors) and their inputs are controlled
          <div className="backstage-link-row" key={index}>
            <div className="field">
              <label htmlFor={`${id}-link-${index}`}>{t('Link :number', { number: String(index + 1) })}</label>
              <input
                id={`${id}-link-${index}`}
                type="url"
                inputMode="url"
                placeholder="https://"
                value={value}
                onChange={(event) => setLinks(links.map((link, i) => (i === index ? event.target.value : link)))}
                aria-invalid={Boolean(errors[`links.${index}.url`])}
                aria-describedby={errors[`links.${index}.url`] ? `${id}-link-${index}-error` : undefined}
              />
              {errors[`links.${index}.url`] && (
                <span id={`${id}-link-${index}-error`} className="field-error">
                  {errors[`links.${index}.url`]}
                </span>
              )}
            </div>
            {links.length > 1 && (
              <button type="button" className="button text" onClick={() => setLinks(links.filter((_, i) => i !== index))} aria-label={t('Remove link :number', { number: String(index + 1) })}>
                {t('Remove')}
              </button>
            )}
          </div>
        ))}
        {links.length < MAX_LINKS && (
          <button type="button" className="button text" onClick={() => setLinks([...links, ''])}>
            {t('Add a link')}
          </button>
        )}
      </fieldset>

      <fieldset className="backstage-fieldset" aria-describedby={proofError ? `${id}-proof-error` : undefined}>
        <legend>{t('Proof of identity')}</legend>
        <p className="muted">{t('Show us that you are this artist or speak for them: a link to an official social profile, or a document such as a contract or an ID (an image or a PDF, seen only by the admins).')}</p>
        <div className="field">
          <label htmlFor={`${id}-proof-url`}>{t('Social profile')}</label>
          <input id={`${id}-proof-url`} name="proof_url" type="url" inputMode="url" placeholder="https://" aria-invalid={Boolean(errors.proof_url)} />
          {errors.proof_url && <span className="field-error">{errors.proof_url}</span>}
        </div>
        <div className="field">
          <label htmlFor={`${id}-proof-file`}>{t('Or a document')}</label>
          <input id={`${id}-proof-file`} type="file" accept={PROOF_ACCEPT} onChange={upload('proof')} aria-invalid={Boolean(proofError)} />
          {uploading === 'proof' && <span className="muted">{t('Uploading…')}</span>}
          {proof && !uploading && <span className="muted">{t('Uploaded: :name', { name: proof.name })}</span>}
        </div>
        {proofError && (
          <span id={`${id}-proof-error`} className="field-error" role="alert">
            {proofError}
          </span>
        )}
      </fieldset>

      <div className="field">
        <label htmlFor={`${id}-message`}>{t('Message to the admins')}</label>
        <textarea id={`${id}-message`} name="message" rows={3} maxLength={2000} aria-invalid={Boolean(errors.message)} />
        {errors.message && <span className="field-error">{errors.message}</span>}
      </div>

      <button type="submit" className="button primary" disabled={busy || uploading !== null} aria-busy={busy}>
        {t('Send request')}
      </button>
    </form>
  );
}

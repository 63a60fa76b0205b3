import UploadIcon from '@mui/icons-material/Upload';
import ImageIcon from '@mui/icons-material/Image';
import { Box, Button, CircularProgress, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { HttpError, TextInput, useNotify, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { isImage } from '../files/preview.ts';
import { msg } from '../i18n/messages.ts';
import { useAppDataProvider } from '../providers/dataProvider.ts';
import { imageAddress } from './validation.ts';

/**
 * A cover or portrait: the image as it will show, a button that uploads one from the computer
 * (stored among the public files at once, its address put in the field), and the address itself,
 * which may also be typed (a path on this site or an http(s) address). Saving the form saves it.
 */
export function ImageUploadInput({ source = 'image', label, round = false }: { source?: string; label: string; round?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const { setValue } = useFormContext();
  const value: unknown = useWatch({ name: source });
  // The chosen file, shown while it uploads.
  const [local, setLocal] = useState<string | null>(null);
  useEffect(() => () => void (local && URL.revokeObjectURL(local)), [local]);
  const { mutate: upload, isPending } = useMutation({
    mutationFn: (file: File) => dataProvider.uploadImage(file).then(({ data }) => data),
    onSuccess: (entry) => setValue(source, entry.url, { shouldDirty: true, shouldValidate: true }),
    onError: (error) => notify(error instanceof HttpError ? error.message : msg('The image could not be uploaded.'), { type: 'error' }),
    onSettled: () => setLocal(null),
  });

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!isImage(file.type)) {
      notify(msg('Choose a PNG, JPEG, GIF, WebP or AVIF image.'), { type: 'error' });
      return;
    }
    setLocal(URL.createObjectURL(file));
    upload(file);
  };

  const shown = local ?? (typeof value === 'string' && value ? value : null);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%', alignItems: { sm: 'flex-start' }, mb: 1 }}>
      <Box
        sx={{
          position: 'relative',
          flex: '0 0 auto',
          width: 112,
          height: 112,
          borderRadius: round ? '50%' : 1,
          overflow: 'hidden',
          bgcolor: 'action.hover',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {shown ? (
          <Box component="img" src={shown} alt={translate('Image preview')} sx={{ width: '100%', height: '100%', objectFit: 'cover', opacity: isPending ? 0.6 : 1 }} />
        ) : (
          <ImageIcon color="disabled" fontSize="large" aria-hidden />
        )}
        {isPending && <CircularProgress size={32} aria-label={translate('Uploading')} sx={{ position: 'absolute' }} />}
      </Box>
      <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
        <TextInput source={source} label={label} validate={imageAddress} fullWidth helperText={false} />
        <div>
          <Button component="label" variant="outlined" startIcon={<UploadIcon />} disabled={isPending}>
            {translate('Upload an image')}
            {/* Inside the label, so it is named by the button's text; hidden from sight, not from assistive tools. */}
            <Box
              component="input"
              type="file"
              sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', opacity: 0 }}
              accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
              onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
                choose(event.currentTarget.files?.[0]);
                event.currentTarget.value = '';
              }}
            />
          </Button>
        </div>
      </Stack>
    </Stack>
  );
}

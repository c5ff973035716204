import { IMAGE_TYPES, imageFileProblem, imageHint } from '@rules/image';
import { useRef } from 'react';
import { useUploadLimit } from '../settings/publicSettings';
import { uploadFile } from '../../lib/upload';
import { ConfirmAction } from './ConfirmAction';
import { TextField } from './TextField';
import { useMutationForm } from './useMutationForm';
import type { FormError } from './userErrors';

/**
 * A logo's upload form and its removal (behind a confirmation): checked first with the shared image rule and the
 * server's upload limit, then sent through the upload pipeline. The caller shows the logo and its heading (`labelledBy`).
 */
export function LogoUpload({
  labelledBy,
  hasLogo,
  uploadUrl,
  sizeHint,
  onUploaded,
  remove,
  onRemoved,
}: {
  labelledBy: string;
  hasLogo: boolean;
  /** The server's upload route (urls.server.providerLogo(), urls.server.platformLogo()). */
  uploadUrl: string;
  /** What becomes of the image: "Het logo wordt verkleind tot hoogstens 400 × 400 pixels." */
  sizeHint: string;
  onUploaded: () => void | Promise<void>;
  /** The removal mutation's payload. */
  remove: () => Promise<{ errors: readonly FormError[] } | null | undefined>;
  onRemoved: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const uploadLimit = useUploadLimit();
  const upload = useMutationForm({
    id: 'logo',
    fields: ['file'] as const,
    check: (_, data) => ({ file: imageFileProblem(data.get('file') as File | null, uploadLimit) }),
    mutate: async (_, data) => ({ errors: (await uploadFile(uploadUrl, data.get('file') as File)).errors }),
    onSuccess: async () => {
      formRef.current?.reset();
      await onUploaded();
    },
  });
  const removal = useMutationForm({ id: 'logo-verwijderen', fields: [], mutate: remove, onSuccess: onRemoved });
  return (
    <>
      <form className="gw-form" ref={formRef} {...upload.props} aria-labelledby={labelledBy}>
        {upload.summary}
        <TextField
          label={hasLogo ? 'Ander logo kiezen' : 'Logo kiezen'}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          hint={`${imageHint(uploadLimit)} ${sizeHint}`}
          {...upload.field('file')}
        />
        <button type="submit" className="gw-button gw-button--secondary" disabled={upload.busy}>
          {upload.busy ? 'Bezig met uploaden…' : 'Logo uploaden'}
        </button>
      </form>
      {hasLogo ? (
        <ConfirmAction
          form={removal}
          label="Logo verwijderen"
          confirmLabel="Ja, verwijder het logo"
          groupLabel="Logo verwijderen bevestigen"
        />
      ) : null}
    </>
  );
}

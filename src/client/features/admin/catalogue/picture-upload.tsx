import { useState } from 'react';
import { catalogueAdminMessages } from '@/shared/i18n/messages/catalogue-admin';
import { useT } from '@/client/lib/i18n';
import { uploadProductPicture } from './catalogue-api';

const errorClass = 'mt-1 text-sm font-medium text-red-700';

/**
 * A picture the owner uploads for a product (its own picture, or its own mockup): the server checks
 * and shrinks it and answers with the picture's name. While it uploads the input waits; a refusal,
 * or the form's own error for the picture, shows under it.
 */
export function PictureUpload(props: {
  label: string;
  testId: string;
  onUploaded: (image: string) => void;
  error?: string | undefined;
}) {
  const t = useT(catalogueAdminMessages);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setUploadError(undefined);
    try {
      props.onUploaded((await uploadProductPicture(file)).image);
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : String(error));
    } finally {
      setUploading(false);
    }
  };
  const error = uploadError ?? props.error;
  return (
    <>
      <label className="block text-sm font-medium text-slate-800">
        {props.label}
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp,image/svg+xml,.svg"
          data-testid={props.testId}
          disabled={uploading}
          onChange={(e) => void upload(e.target.files?.[0])}
          className="mt-1 block w-full text-sm"
        />
      </label>
      {uploading && <p className="text-sm text-slate-600">{t.pictureUploading}</p>}
      {error && (
        <p role="alert" className={errorClass}>
          {error}
        </p>
      )}
    </>
  );
}

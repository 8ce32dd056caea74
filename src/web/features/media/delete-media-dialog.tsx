import type { MediaAsset } from '../../../domain/media-schemas';
import { ConfirmDialog } from '../../ui/confirm-dialog';

interface DeleteMediaDialogProps {
  asset: MediaAsset | null;
  busy: boolean;
  onConfirm: (asset: MediaAsset) => void;
  onCancel: () => void;
}

export const deleteMediaConfirmation = (filename: string) =>
  `Delete "${filename}"? The file, its thumbnail and its preview are removed. This cannot be undone.`;

export const DeleteMediaDialog = ({ asset, busy, onConfirm, onCancel }: DeleteMediaDialogProps) => (
  <ConfirmDialog
    open={asset !== null}
    title="Delete Media"
    message={asset ? deleteMediaConfirmation(asset.filename) : ''}
    confirmLabel="Delete"
    busy={busy}
    onConfirm={() => asset && onConfirm(asset)}
    onCancel={onCancel}
  />
);

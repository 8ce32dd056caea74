import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import type { MediaAsset } from '../../../domain/media-schemas';
import { isAdmin } from '../../../domain/roles';
import { useBrands } from '../../api/brands';
import { useMediaList } from '../../api/media';
import { paths } from '../../config/paths';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { FilmIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { PageSpinner } from '../../ui/spinner';
import { inputClasses } from '../../ui/text-field';
import { useAuth } from '../../shared/auth-context';
import { LoadError } from '../../ui/load-error';
import { DeleteMediaDialog } from './delete-media-dialog';
import { MEDIA_TEXT } from '../../ui/media-display';
import { MediaLibraryTable } from './media-library-table';
import { MediaPreviewModal } from './media-preview-modal';
import { UploadPanel } from './upload-panel';
import { useMediaActions } from './use-media-actions';

/** The Media page: upload, the library with its filters, preview, delete, and review for administrators. */
export const MediaLibrary = () => {
  const { user } = useAuth();
  const admin = isAdmin(user?.role);
  const filterId = useId();
  const [brandFilter, setBrandFilter] = useState('');
  const brands = useBrands();
  const media = useMediaList(brandFilter ? { brand_id: brandFilter } : {});
  const { review, remove, busyIds } = useMediaActions();
  const [previewing, setPreviewing] = useState<MediaAsset | null>(null);
  const [deleting, setDeleting] = useState<MediaAsset | null>(null);

  useEffect(() => {
    if (media.isError) toast.error(MEDIA_TEXT.loadFailed, { id: 'media-load' });
  }, [media.isError]);

  const approve = (asset: MediaAsset) => review.mutate({ asset, status: 'approved' }, { onSuccess: () => setPreviewing(null) });
  const reject = (asset: MediaAsset) => review.mutate({ asset, status: 'rejected' }, { onSuccess: () => setPreviewing(null) });
  const confirmDelete = (asset: MediaAsset) => remove.mutate(asset, { onSettled: () => setDeleting(null) });

  const brandList = brands.data ?? [];
  // The open preview follows the list as it refreshes (status, processing).
  const previewAsset = previewing ? (media.data?.find((asset) => asset.id === previewing.id) ?? previewing) : null;
  const filterName = brandList.find((brand) => brand.id === brandFilter)?.common_name;

  let content;
  if (media.isPending) content = <PageSpinner label="Loading media…" />;
  else if (media.isError) content = <LoadError title={MEDIA_TEXT.loadFailed} error={media.error} retrying={media.isFetching} onRetry={() => media.refetch()} />;
  else if (media.data.length === 0)
    content = (
      <EmptyState
        icon={<FilmIcon />}
        title={filterName ? `No media for ${filterName}` : 'No media yet'}
        description="Upload a TV spot above: it is checked, gets a thumbnail and a preview, and waits for review."
      />
    );
  else
    content = (
      <MediaLibraryTable
        assets={media.data}
        admin={admin}
        busyIds={busyIds}
        onPreview={setPreviewing}
        onApprove={approve}
        onReject={reject}
        onDelete={setDeleting}
      />
    );

  return (
    <>
      <PageHeader title="Media" description={admin ? 'Every uploaded spot on the platform.' : 'The video spots you have uploaded for your brands.'} />
      {brands.isSuccess && brandList.length === 0 ? (
        <Card className="mb-6 p-4 sm:p-6">
          <p className="text-sm text-slate-600">
            Every spot belongs to a brand.{' '}
            <Link to={paths.app.brands.href()} className="font-medium text-blue-600 hover:underline">
              Add a brand
            </Link>{' '}
            before uploading media.
          </p>
        </Card>
      ) : (
        <UploadPanel brands={brandList} defaultBrandId={brandFilter} />
      )}
      <Card>
        <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center gap-2">
            <label htmlFor={filterId} className="text-sm font-medium whitespace-nowrap text-slate-700">
              Show
            </label>
            <select id={filterId} value={brandFilter} onChange={(event) => setBrandFilter(event.target.value)} className={`${inputClasses(false)} sm:w-64`}>
              <option value="">All brands</option>
              {brandList.map((brand) => (
                <option key={brand.id} value={brand.id}>
                  {brand.common_name}
                </option>
              ))}
            </select>
          </div>
          {media.data && (
            <p className="text-sm text-slate-500">
              {media.data.length} {media.data.length === 1 ? 'asset' : 'assets'}
            </p>
          )}
        </div>
        {content}
      </Card>
      <MediaPreviewModal
        asset={previewAsset}
        onClose={() => setPreviewing(null)}
        actionsEnabled={admin}
        onApprove={approve}
        onReject={reject}
        busy={review.isPending}
      />
      <DeleteMediaDialog asset={deleting} busy={remove.isPending} onConfirm={confirmDelete} onCancel={() => setDeleting(null)} />
    </>
  );
};

import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import type { Brand } from '../../../domain/brand-schemas';
import { isAdmin } from '../../../domain/roles';
import { useBrandPages, useDeleteBrand } from '../../api/brands';
import { serverMessage } from '../../api/client';
import { Button } from '../../ui/button';
import { LoadMore } from '../../ui/load-more';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { PlusIcon, SearchIcon, TagIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { PageSpinner } from '../../ui/spinner';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { useAuth } from '../../shared/auth-context';
import { LoadError } from '../../ui/load-error';
import { SearchBox } from '../../ui/search-box';
import { deleteBrandConfirmation } from './brand-display';
import { BrandFormModal } from './brand-form-modal';
import { BrandsTable } from './brands-table';

const LOAD_FAILED = 'Failed to load brands';
const DELETE_FAILED = 'Failed to delete brand';

export const BrandManagement = () => {
  const { user } = useAuth();
  const admin = isAdmin(user?.role);
  const remove = useDeleteBrand();
  const [search, setSearch] = useState('');
  // Searched on the server, page by page: a station's whole list is never loaded at once (issue 28).
  const brands = useBrandPages(useDebouncedValue(search));
  const loaded = brands.data?.pages.flatMap((page) => page.body) ?? [];
  const searching = search.trim() !== '';
  const [editing, setEditing] = useState<Brand | 'new' | null>(null);
  const [pendingDelete, setPendingDelete] = useState<Brand | null>(null);

  useEffect(() => {
    if (brands.isError) toast.error(serverMessage(brands.error, LOAD_FAILED), { id: 'brands-load' });
  }, [brands.isError, brands.error]);

  const confirmDelete = () => {
    if (!pendingDelete) return;
    remove.mutate(pendingDelete.id, {
      onSuccess: () => toast.success('Brand deleted successfully'),
      onError: (error) => toast.error(serverMessage(error, DELETE_FAILED)),
      onSettled: () => setPendingDelete(null),
    });
  };

  const addButton = (
    <Button onClick={() => setEditing('new')}>
      <PlusIcon className="size-4" />
      Add Brand
    </Button>
  );

  let content;
  if (brands.isPending) content = <PageSpinner label="Loading brands…" />;
  else if (brands.isError) {
    content = <LoadError title={LOAD_FAILED} error={brands.error} retrying={brands.isFetching} onRetry={() => brands.refetch()} />;
  } else if (loaded.length === 0 && !searching) {
    content = (
      <EmptyState
        icon={<TagIcon />}
        title="No brands yet"
        description="Add the brands you advertise for: every order and media asset belongs to a brand."
        action={
          <Button onClick={() => setEditing('new')}>
            <PlusIcon className="size-4" />
            Add your first brand
          </Button>
        }
      />
    );
  } else {
    content =
      loaded.length === 0 ? (
        <EmptyState icon={<SearchIcon />} title="No brands match your search" description="Try another name, contact or e-mail." />
      ) : (
        <>
          <BrandsTable
            brands={loaded}
            admin={admin}
            busyBrandId={remove.isPending ? (remove.variables ?? null) : null}
            onEdit={setEditing}
            onDelete={setPendingDelete}
          />
          <LoadMore pages={brands} label="Load more brands" />
        </>
      );
  }

  return (
    <>
      <PageHeader title="Brands" description={admin ? 'Every brand on the platform, with its owner.' : 'The brands you advertise for.'} actions={addButton} />
      <Card>
        {(loaded.length > 0 || searching) && (
          <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between">
            <SearchBox label="Search brands" value={search} onChange={setSearch} placeholder="Search by name, contact or e-mail" />
            <p className="text-sm text-slate-500">
              {loaded.length} {loaded.length === 1 ? 'brand' : 'brands'}
              {brands.hasNextPage ? ' shown' : ''}
            </p>
          </div>
        )}
        {content}
      </Card>
      <BrandFormModal target={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete Brand"
        message={pendingDelete ? deleteBrandConfirmation(pendingDelete.common_name) : ''}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
      />
    </>
  );
};

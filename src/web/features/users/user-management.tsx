import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { deleteUserConfirmation } from '../../../domain/users';
import { serverMessage } from '../../api/client';
import { useUserPages } from '../../api/users';
import { Button } from '../../ui/button';
import { LoadMore } from '../../ui/load-more';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { AlertIcon, SearchIcon, UsersIcon } from '../../ui/icons';
import { PageSpinner } from '../../ui/spinner';
import { inputClasses } from '../../ui/text-field';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { useAuth } from '../../shared/auth-context';
import { useUserActions } from './use-user-actions';
import { UserStats } from './user-stats';
import { UsersTable } from './users-table';

const LOAD_FAILED = 'Failed to load users';

export const UserManagement = () => {
  const { user: currentUser } = useAuth();
  const actions = useUserActions();
  const [search, setSearch] = useState('');
  // Searched on the server, page by page: a station's whole list is never loaded at once (issue 28).
  const users = useUserPages(useDebouncedValue(search));
  const searchId = useId();

  useEffect(() => {
    if (users.isError) toast.error(serverMessage(users.error, LOAD_FAILED), { id: 'users-load' });
  }, [users.isError, users.error]);

  if (users.isPending) return <PageSpinner label="Loading users…" />;
  if (users.isError) {
    return (
      <Card>
        <EmptyState
          tone="error"
          icon={<AlertIcon />}
          title={LOAD_FAILED}
          description={serverMessage(users.error, 'Please check your connection and try again.')}
          action={
            <Button variant="secondary" onClick={() => users.refetch()} loading={users.isFetching}>
              Try Again
            </Button>
          }
        />
      </Card>
    );
  }

  const visible = users.data.pages.flatMap((page) => page.body.users);
  const counts = users.data.pages[0]?.body.counts;

  return (
    <>
      {counts && <UserStats counts={counts} />}
      <Card>
        <div className="border-b border-slate-200 p-4">
          <label htmlFor={searchId} className="sr-only">
            Search users
          </label>
          <div className="relative max-w-sm">
            <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Search by name, email or company"
              className={`${inputClasses(false)} pl-9`}
            />
          </div>
        </div>
        {visible.length === 0 ? (
          <EmptyState
            icon={<UsersIcon />}
            title={search.trim() ? 'No users match your search' : 'No users yet'}
            description={search.trim() ? 'Try another name, email or company.' : undefined}
          />
        ) : (
          <UsersTable
            users={visible}
            currentUserId={currentUser?.id ?? ''}
            busyUserId={actions.busyUserId}
            onChangeRole={actions.changeRole}
            onDelete={actions.askDelete}
          />
        )}
        <LoadMore pages={users} label="Load more users" />
      </Card>
      <ConfirmDialog
        open={actions.pendingDelete !== null}
        title="Delete User"
        message={actions.pendingDelete ? deleteUserConfirmation(actions.pendingDelete.email) : ''}
        confirmLabel="Delete"
        busy={actions.deleting}
        onConfirm={actions.confirmDelete}
        onCancel={actions.cancelDelete}
      />
    </>
  );
};

import { serverMessage } from '../../api/client';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { AlertIcon } from '../../ui/icons';
import { RECONCILIATION_TOASTS } from './reconciliation-messages';

/** The screen's load failure: 'Error Loading Data', the reason, and Try Again. */
export const ReconciliationError = ({ error, retrying, onRetry }: { error: unknown; retrying: boolean; onRetry: () => void }) => (
  <Card>
    <EmptyState
      tone="error"
      icon={<AlertIcon />}
      title="Error Loading Data"
      description={serverMessage(error, RECONCILIATION_TOASTS.loadFailed)}
      action={
        <Button variant="secondary" onClick={onRetry} loading={retrying}>
          Try Again
        </Button>
      }
    />
  </Card>
);

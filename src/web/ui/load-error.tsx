import { serverMessage } from '../api/client';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { AlertIcon } from './icons';

interface LoadErrorProps {
  title: string;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}

/** What a list shows when it could not be loaded: the failure, the server's reason and Try Again. */
export const LoadError = ({ title, error, retrying, onRetry }: LoadErrorProps) => (
  <EmptyState
    tone="error"
    icon={<AlertIcon />}
    title={title}
    description={serverMessage(error, 'Please check your connection and try again.')}
    action={
      <Button variant="secondary" onClick={onRetry} loading={retrying}>
        Try Again
      </Button>
    }
  />
);

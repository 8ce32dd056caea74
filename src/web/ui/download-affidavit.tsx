import { useState } from 'react';
import toast from 'react-hot-toast';
import { downloadAffidavit } from '../api/as-run';
import { Button } from './button';

/** The order's certificate of performance, as a PDF and as a CSV (its owner or admins). */
export const DownloadAffidavit = ({ estimateId, size = 'md' }: { estimateId: string; size?: 'sm' | 'md' }) => {
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const download = async (format: 'pdf' | 'csv') => {
    setBusy(format);
    try {
      await downloadAffidavit(estimateId, format);
      toast.success('Affidavit downloaded');
    } catch (error) {
      toast.error((error as Error).message || 'The affidavit could not be downloaded');
    } finally {
      setBusy(null);
    }
  };
  return (
    <span className="inline-flex flex-wrap gap-2">
      <Button variant="secondary" size={size} loading={busy === 'pdf'} disabled={busy !== null} onClick={() => void download('pdf')}>
        Download affidavit
      </Button>
      <Button variant="secondary" size={size} loading={busy === 'csv'} disabled={busy !== null} onClick={() => void download('csv')}>
        Affidavit CSV
      </Button>
    </span>
  );
};

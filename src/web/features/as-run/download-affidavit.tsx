import { useState } from 'react';
import toast from 'react-hot-toast';
import { downloadAffidavit } from '../../api/as-run';
import { Button } from '../../ui/button';

/** "Download affidavit": the order's certificate of performance as a PDF (its owner or admins). */
export const DownloadAffidavit = ({ estimateId, size = 'md' }: { estimateId: string; size?: 'sm' | 'md' }) => {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadAffidavit(estimateId, 'pdf');
      toast.success('Affidavit downloaded');
    } catch (error) {
      toast.error((error as Error).message || 'The affidavit could not be downloaded');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size={size} loading={busy} onClick={() => void onClick()}>
      Download affidavit
    </Button>
  );
};

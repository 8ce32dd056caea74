import { useState } from 'react';
import { Button } from '../../ui/button';
import type { ButtonSize, ButtonVariant } from '../../ui/button-styles';
import { PlayIcon } from '../../ui/icons';
import { Modal } from '../../ui/modal';

interface WatchDemoButtonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** 'Watch Demo' and its modal; the video itself is not recorded yet. */
export const WatchDemoButton = ({ variant = 'secondary', size = 'md' }: WatchDemoButtonProps) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} size={size} onClick={() => setOpen(true)} aria-haspopup="dialog">
        <PlayIcon className="size-5" />
        Watch Demo
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title="Product Demo" footer={<Button onClick={() => setOpen(false)}>Close</Button>}>
        <div className="flex aspect-video items-center justify-center rounded-lg bg-slate-900 text-slate-300">
          <div className="text-center">
            <PlayIcon className="mx-auto size-12" />
            <p className="mt-2 font-medium text-white">Demo video coming soon</p>
          </div>
        </div>
        <p className="mt-4">The demo video is coming soon. It will walk you through ordering a campaign, uploading media and following its performance.</p>
      </Modal>
    </>
  );
};

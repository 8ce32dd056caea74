import toast from 'react-hot-toast';
import { Button } from './button';

interface SecretOnceProps {
  /** The secret, shown this once. */
  secret: string;
  /** What a screen reader calls the code: "New API key", "Signing secret". */
  label: string;
  /** The first sentence, e.g. "Copy your new key now". */
  heading: string;
  /** The toast after a copy, e.g. "API key copied". */
  copied: string;
  /** What to select when the browser refuses to copy: "key", "secret". */
  what: string;
  onDone: () => void;
}

/** A secret the server shows once (API keys, webhook signing secrets): copy it, then Done. */
export const SecretOnce = ({ secret, label, heading, copied, what, onDone }: SecretOnceProps) => {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(copied);
    } catch {
      toast.error(`Copy failed: select the ${what} and copy it`);
    }
  };
  return (
    <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm">
      <p className="font-medium text-slate-900">{heading}: it will not be shown again.</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code aria-label={label} className="break-all rounded bg-white px-2 py-1 text-slate-900">
          {secret}
        </code>
        <Button variant="secondary" onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
};

import { countOf } from '../../../domain/format';
import { Button } from '../../ui/button';
import type { AutosaveState } from './use-autosave';

const AUTOSAVE_TEXT: Record<AutosaveState['kind'], string> = {
  saved: 'Saved',
  saving: 'Saving…',
  unsaved: 'Not saved: Save Draft lists what to fix',
  failed: 'Not saved',
};

interface EditorActionsProps {
  /** Problems listed at the top of the form: pointed to from here, by the buttons. */
  problemCount: number;
  busy: 'save' | 'submit' | null;
  canSubmit: boolean;
  saveLabel: string;
  /** The budget would run the campaign for more than 10 years. */
  tooLong: boolean;
  onSubmit: () => void;
  onSave: () => void;
  onCancel?: () => void;
  /** A draft saves itself as it is typed: its state, or null when there is nothing to say. */
  autosave: AutosaveState | null;
}

/** Submit Order, Save Draft (or Save Changes) and Cancel Editing, under the order summary. */
export const EditorActions = ({ problemCount, busy, canSubmit, saveLabel, tooLong, onSubmit, onSave, onCancel, autosave }: EditorActionsProps) => (
  <div className="space-y-3">
    <p role="status" className={autosave?.kind === 'failed' || autosave?.kind === 'unsaved' ? 'text-sm text-amber-700' : 'text-sm text-slate-600'}>
      {autosave && (autosave.kind === 'failed' ? `${AUTOSAVE_TEXT.failed}: ${autosave.message}` : AUTOSAVE_TEXT[autosave.kind])}
    </p>
    {problemCount > 0 && <p className="text-sm text-red-700">{countOf(problemCount, 'problem')} to fix: see the list at the top of the form.</p>}
    <div className="flex flex-col gap-2">
      {canSubmit && (
        <Button onClick={onSubmit} loading={busy === 'submit'} disabled={busy !== null}>
          Submit Order
        </Button>
      )}
      <Button variant={canSubmit ? 'secondary' : 'primary'} onClick={onSave} loading={busy === 'save'} disabled={busy !== null}>
        {saveLabel}
      </Button>
      {onCancel && (
        <Button variant="ghost" onClick={onCancel} disabled={busy !== null}>
          Cancel Editing
        </Button>
      )}
    </div>
    {tooLong && <p className="text-xs text-amber-700">This budget would run the campaign for more than 10 years; lower the budget or add time slots.</p>}
  </div>
);

/**
 * The order form's audience (issue 43, decision 057), optional: the demo the order is bought on, which the
 * order page's Audience card reads, and an audience guarantee on a demo in GRPs or impressions (000),
 * which the post-buy measures. Demos are typed in buyers' notation (A25-54, W18+, HH), with the common
 * ones offered.
 */
import { useId } from 'react';
import { COMMON_DEMOS, DEMO_MESSAGE } from '../../../domain/demos';
import { inputClasses, TextField } from '../../ui/text-field';
import { typedDemo, type GuaranteeDraft, type GuaranteeMeasure, type OrderDraft } from './order-draft';

interface OrderAudienceFieldsProps {
  draft: OrderDraft;
  onChange: (patch: Partial<Pick<OrderDraft, 'targetDemo' | 'guarantee'>>) => void;
}

const demoError = (text: string) => (typedDemo(text).kind === 'invalid' ? DEMO_MESSAGE : null);

const goalError = (guarantee: GuaranteeDraft): string | null => {
  const goal = guarantee.goal.trim();
  if (goal === '') return guarantee.demo.trim() === '' ? null : 'Enter the goal to save the guarantee';
  const value = Number(goal);
  if (!Number.isFinite(value) || value <= 0) return 'The goal must be a number above 0';
  return guarantee.demo.trim() === '' ? 'Enter the demo the goal is on' : null;
};

export const OrderAudienceFields = ({ draft, onChange }: OrderAudienceFieldsProps) => {
  const listId = useId();
  const measureId = useId();
  const guarantee = draft.guarantee;
  const setGuarantee = (patch: Partial<GuaranteeDraft>) => onChange({ guarantee: { ...guarantee, ...patch } });
  const goalProblem = goalError(guarantee);

  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-medium text-slate-700">Audience (optional)</legend>
      <datalist id={listId}>
        {COMMON_DEMOS.map((demo) => (
          <option key={demo} value={demo} />
        ))}
      </datalist>
      <TextField
        label="Target demo"
        name="target_demo"
        list={listId}
        maxLength={12}
        autoComplete="off"
        value={draft.targetDemo}
        onChange={(event) => onChange({ targetDemo: event.target.value })}
        error={demoError(draft.targetDemo)}
        hint="The demo the order is bought on, e.g. A25-54: its GRPs and CPP show on the order"
        className="sm:col-span-2"
      />
      <TextField
        label="Guarantee demo"
        name="guarantee_demo"
        list={listId}
        maxLength={12}
        autoComplete="off"
        value={guarantee.demo}
        onChange={(event) => setGuarantee({ demo: event.target.value })}
        error={demoError(guarantee.demo)}
        hint="The demo the station guarantees"
      />
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-2">
        <div>
          <label htmlFor={measureId} className="mb-1 block text-sm font-medium text-slate-700">
            Guarantee in
          </label>
          <select
            id={measureId}
            name="guarantee_measure"
            value={guarantee.measure}
            onChange={(event) => setGuarantee({ measure: event.target.value as GuaranteeMeasure })}
            className={inputClasses(false)}
          >
            <option value="grps">GRPs</option>
            <option value="impressions">Impressions (000)</option>
          </select>
        </div>
        <TextField
          label="Guaranteed goal"
          name="guarantee_goal"
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={guarantee.goal}
          onChange={(event) => setGuarantee({ goal: event.target.value })}
          error={goalProblem}
        />
      </div>
    </fieldset>
  );
};

import { forwardRef } from 'react';
import { AlertIcon } from '../../ui/icons';
import { problemTarget, type FormProblem } from './order-problems';

/** Moves the focus to a problem's field (scrolling it into view). */
const focusProblem = (problem: FormProblem) => {
  const selector = problemTarget(problem);
  // A section with nothing to pick yet (no brand chosen) takes the focus itself.
  const target =
    (selector ? document.querySelector<HTMLElement>(selector) : null) ??
    (problem.field ? document.querySelector<HTMLElement>(`[data-order-section="${problem.field}"]`) : null);
  if (!target) return;
  target.scrollIntoView({ block: 'center' });
  target.focus({ preventScroll: true });
};

/** What the summary says: the server's refusal (null), or how many problems stop a submit or a save. */
export const problemSummaryTitle = (attempt: 'save' | 'submit' | null, count: number): string => {
  if (attempt === null) return 'The order could not be saved';
  const these = count === 1 ? 'this problem' : `these ${count} problems`;
  return attempt === 'submit' ? `Please fix ${these} before submitting` : `Please fix ${these} to save the draft`;
};

/**
 * Every problem of the last Save Draft or Submit Order, at the top of the form: each one a link
 * that focuses its field. It takes the focus itself when it appears, so that it is read and seen.
 */
export const ProblemSummary = forwardRef<HTMLDivElement, { problems: readonly FormProblem[]; title: string }>(({ problems, title }, ref) => (
  <div
    ref={ref}
    tabIndex={-1}
    role="alert"
    aria-labelledby="order-problems-title"
    className="scroll-mt-24 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 focus:outline-none"
  >
    <p id="order-problems-title" className="flex items-center gap-2 font-semibold">
      <AlertIcon className="size-4 shrink-0" />
      {title}
    </p>
    <ul className="mt-2 list-disc space-y-1 pl-6">
      {problems.map((problem) => (
        <li key={`${problem.message}-${problem.slot?.daypartId ?? ''}`}>
          {problem.field ? (
            <a
              href="#order-form"
              className="underline underline-offset-2 hover:text-red-950"
              onClick={(event) => {
                event.preventDefault();
                focusProblem(problem);
              }}
            >
              {problem.message}
            </a>
          ) : (
            problem.message
          )}
        </li>
      ))}
    </ul>
  </div>
));
ProblemSummary.displayName = 'ProblemSummary';

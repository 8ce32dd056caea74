import { START_DATE_MIN_LEAD_DAYS } from '../../../domain/constants';

const STEPS = [
  { title: 'Create your account', text: 'Sign up and add the brands you advertise for.' },
  { title: 'Upload your media', text: 'Upload your video spots (MP4, MXF, MOV or MPG, under 2GB) for review.' },
  { title: 'Build your order', text: `Choose dayparts, spots and a budget, with a start date at least ${START_DATE_MIN_LEAD_DAYS} days ahead, and submit.` },
  { title: 'Go on air', text: 'Once approved, your campaign is scheduled, goes live and you follow its performance.' },
] as const;

export const HowItWorks = () => (
  <section id="how-it-works" aria-labelledby="how-heading" className="scroll-mt-16 border-y border-slate-200 bg-white py-16 sm:py-20">
    <div className="mx-auto max-w-6xl px-4 sm:px-6">
      <h2 id="how-heading" className="text-3xl font-bold tracking-tight text-slate-900">
        How it works
      </h2>
      <p className="mt-3 text-slate-600">Four steps from sign-up to your first spot on air.</p>
      <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map((step, index) => (
          <li key={step.title} className="relative rounded-lg bg-slate-50 p-6">
            <span className="flex size-9 items-center justify-center rounded-full bg-blue-600 text-sm font-bold text-white" aria-hidden="true">
              {index + 1}
            </span>
            <h3 className="mt-4 font-semibold text-slate-900">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-sm text-slate-600">{step.text}</p>
          </li>
        ))}
      </ol>
    </div>
  </section>
);

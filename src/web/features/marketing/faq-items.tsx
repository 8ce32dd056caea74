import type { ReactNode } from 'react';
import { START_DATE_MIN_LEAD_DAYS } from '../../../domain/constants';
import { RateCardTable } from './rate-card-table';

export interface FaqItem {
  id: string;
  question: string;
  answer: ReactNode;
}

const LIFECYCLE = [
  ['Draft', 'you are still building the order; nothing is sent yet.'],
  ['Ordered', 'submitted for admin approval.'],
  ['Approved', 'a traffic administrator has accepted the order.'],
  ['Scheduled', 'your spots are booked and wait for the start date.'],
  ['Active', 'the campaign is on air and impressions are tracked.'],
  ['Completed', 'the campaign has finished.'],
  ['Rejected', 'the order was declined; you can edit it and resubmit it.'],
] as const;

export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    id: 'lead-time',
    question: 'How far in advance do I need to order?',
    answer: (
      <p>
        Campaigns start at least {START_DATE_MIN_LEAD_DAYS} days after you place the order. This {START_DATE_MIN_LEAD_DAYS}-day lead time gives our traffic team
        time to review your order and media and to schedule your spots.
      </p>
    ),
  },
  {
    id: 'rates',
    question: 'What do the dayparts cost?',
    answer: (
      <>
        <p className="mb-3">Each daypart is priced by CPM, the cost per thousand views:</p>
        <RateCardTable />
      </>
    ),
  },
  {
    id: 'cost',
    question: 'How are the cost and length of my campaign worked out?',
    answer: (
      <>
        <p>
          <span className="font-medium text-slate-900">Weekly cost</span> = daily views × CPM ÷ 1,000 × days per week.
        </p>
        <p className="mt-2">
          <span className="font-medium text-slate-900">Campaign length</span> = total budget ÷ weekly cost (in weeks).
        </p>
      </>
    ),
  },
  {
    id: 'media',
    question: 'What media can I upload?',
    answer: <p>Video only, in MP4, MXF, MOV or MPG format. Each file must be under 2GB; a resolution of 1920x1080 is recommended.</p>,
  },
  {
    id: 'payment-terms',
    question: 'What are the payment terms?',
    answer: <p>Payment terms are typically Net 30: invoices are due 30 days after they are issued.</p>,
  },
  {
    id: 'billing',
    question: 'How is billing handled?',
    // The spec's FAQ item about billing, told as the app works (decision 017): invoices are issued here.
    answer: (
      <p>
        Billing is handled in Spotbook, with no external invoicing system: the station issues your invoices here (up front, or per broadcast month for what
        aired), e-mails each one with its PDF, and records your payments and any credit notes. You find them all, with what is still due, on your Billing page.
      </p>
    ),
  },
  {
    id: 'lifecycle',
    question: 'What happens to my order after I submit it?',
    answer: (
      <>
        <p className="mb-2">Draft → Ordered → Approved → Scheduled → Active → Completed.</p>
        <dl className="space-y-1">
          {LIFECYCLE.map(([status, meaning]) => (
            <div key={status} className="flex gap-2">
              <dt className="w-24 shrink-0 font-medium text-slate-900">{status}</dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
      </>
    ),
  },
];

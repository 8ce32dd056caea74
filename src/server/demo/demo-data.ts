/** What the demo shows: three advertisers with brands, spots, cards and orders in every stage. */
import type { ProductCategory } from '../../domain/product-categories';

export const DEMO_PASSWORD = 'Demo-Passw0rd';

export interface DemoOrder {
  name: string;
  /** Days from today to the first air date (at least the 7-day lead time). */
  startInDays: number;
  budget: number;
  slots: { daypart: string; spots: number; cpm?: number }[];
  couponCode?: string;
  /** Where the order ends up; 'draft' is never submitted. Admin moves follow the submit. */
  path: ('draft' | 'ordered' | 'approved' | 'rejected' | 'modified' | 'scheduled' | 'active' | 'completed')[];
  notes?: string;
}

export interface DemoClient {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  company: string;
  jobTitle: string;
  brand: {
    common_name: string;
    legal_name: string;
    address: string;
    phone: string;
    email: string;
    contact_person: string;
    /** What it sells, for product separation on the log (decision 059). */
    product_category: ProductCategory;
  };
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  media: { filename: string; approve: boolean };
  orders: DemoOrder[];
}

export const DEMO_CLIENTS: DemoClient[] = [
  {
    firstName: 'Maria',
    lastName: 'Lopez',
    email: 'maria.lopez@sunnyjuice.example',
    phone: '+1 555 0142',
    address: '410 Orchard Ave, Tampa, FL',
    company: 'Sunny Juice Co.',
    jobTitle: 'Marketing Director',
    brand: {
      common_name: 'Sunny Juice',
      product_category: 'beverage',
      legal_name: 'Sunny Juice Company LLC',
      address: '410 Orchard Ave, Tampa, FL',
      phone: '+1 555 0142',
      email: 'media@sunnyjuice.example',
      contact_person: 'Maria Lopez',
    },
    card: { brand: 'Visa', last4: '4242', exp_month: 8, exp_year: 2029 },
    media: { filename: 'Sunny Juice - Summer 30s.mp4', approve: true },
    orders: [
      {
        name: 'Summer Refresh - Morning Drive',
        startInDays: 10,
        budget: 25_000,
        slots: [
          { daypart: 'Early Morning', spots: 6 },
          { daypart: 'Morning', spots: 4 },
        ],
        path: ['ordered', 'approved', 'scheduled'],
      },
      {
        name: 'Weekend Family Push',
        startInDays: 14,
        budget: 18_000,
        slots: [
          { daypart: 'Weekend Morning', spots: 5 },
          { daypart: 'Weekend Afternoon', spots: 3 },
        ],
        couponCode: 'SPRING10',
        path: ['ordered'],
      },
      { name: 'Back to School', startInDays: 30, budget: 8_000, slots: [{ daypart: 'Midday', spots: 4 }], path: ['draft'] },
      { name: 'Holiday Teaser', startInDays: 20, budget: 6_000, slots: [{ daypart: 'Late Night', spots: 3 }], path: ['ordered', 'approved'] },
    ],
  },
  {
    firstName: 'Dev',
    lastName: 'Patel',
    email: 'dev.patel@northwindmotors.example',
    phone: '+1 555 0177',
    address: '88 Harbor Rd, Portland, OR',
    company: 'Northwind Motors',
    jobTitle: 'Media Buyer',
    brand: {
      common_name: 'Northwind Motors',
      product_category: 'automotive',
      legal_name: 'Northwind Motors Inc.',
      address: '88 Harbor Rd, Portland, OR',
      phone: '+1 555 0177',
      email: 'ads@northwindmotors.example',
      contact_person: 'Dev Patel',
    },
    card: { brand: 'Mastercard', last4: '5100', exp_month: 11, exp_year: 2028 },
    media: { filename: 'Northwind - Year End 30s.mov', approve: true },
    orders: [
      {
        name: 'Year-End Clearance',
        startInDays: 8,
        budget: 60_000,
        slots: [
          { daypart: 'Afternoon', spots: 8 },
          { daypart: 'Late Night', spots: 4, cpm: 30 },
          // Weekends too: the running order is on every day's log, whatever today is (issue 38).
          { daypart: 'Weekend Afternoon', spots: 6 },
        ],
        path: ['ordered', 'approved', 'scheduled', 'active'],
      },
      {
        name: 'Spring Service Special',
        startInDays: 21,
        budget: 12_000,
        slots: [{ daypart: 'Midday', spots: 5 }],
        path: ['ordered', 'rejected'],
        notes: 'Please resubmit with the updated 15-second cut.',
      },
      {
        name: 'Truck Month',
        startInDays: 24,
        budget: 30_000,
        slots: [{ daypart: 'Weekend Evening', spots: 4 }],
        path: ['ordered', 'modified'],
        notes: 'Could half of the spots move to Weekend Afternoon?',
      },
    ],
  },
  {
    firstName: 'Grace',
    lastName: 'Kim',
    email: 'grace.kim@brightsmile.example',
    phone: '+1 555 0119',
    address: '12 Elm St, Columbus, OH',
    company: 'BrightSmile Dental',
    jobTitle: 'Practice Manager',
    brand: {
      common_name: 'BrightSmile Dental',
      product_category: 'pharma',
      legal_name: 'BrightSmile Dental Group PC',
      address: '12 Elm St, Columbus, OH',
      phone: '+1 555 0119',
      email: 'hello@brightsmile.example',
      contact_person: 'Grace Kim',
    },
    card: { brand: 'American Express', last4: '0005', exp_month: 3, exp_year: 2030 },
    media: { filename: 'BrightSmile - New Patients 15s.mp4', approve: false },
    orders: [
      {
        name: 'New Patient Offer',
        startInDays: 12,
        budget: 9_000,
        slots: [
          { daypart: 'Morning', spots: 6 },
          { daypart: 'Midday', spots: 6 },
        ],
        couponCode: 'WELCOME250',
        path: ['ordered', 'approved', 'scheduled', 'active', 'completed'],
      },
      { name: 'Smile Season', startInDays: 16, budget: 4_000, slots: [{ daypart: 'Early Morning', spots: 2 }], path: ['ordered'] },
    ],
  },
];

export const DEMO_COUPONS = [
  {
    code: 'SPRING10',
    name: 'Spring 10% off',
    description: '10% off any order, up to $500.',
    discount_type: 'percentage_with_max',
    percentage_off: 10,
    max_discount_amount: 500,
  },
  {
    code: 'WELCOME250',
    name: 'Welcome $250',
    description: '$250 off a first order of $2,000 or more.',
    discount_type: 'fixed_amount_with_min',
    fixed_amount_off: 250,
    minimum_spend_required: 2000,
    per_user_limit: 1,
  },
] as const;

export const DEMO_RECIPIENTS = [
  { notification_type: 'new_estimate', recipient_email: 'traffic@station.example' },
  { notification_type: 'new_media_upload', recipient_email: 'traffic@station.example' },
  { notification_type: 'estimate_status_change', recipient_email: 'sales@station.example' },
] as const;

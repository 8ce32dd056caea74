/**
 * The generated data's distribution (issue 28): more than one realistic shape of a station's orders,
 * each the same every run for the same knobs. Set by environment variables (or a preset, whose
 * values any variable then overrides):
 *
 *   GEN_PRESET        uniform (default: bench's earlier data) | skewed (the independent data set of
 *                     issue 28: 2,000 advertisers, 3,000 brands, strong skew, completed-heavy)
 *   GEN_SEED          integer; moves which orders get which status and, with skew, which brand (0)
 *   GEN_CLIENTS       advertisers (N / 40)
 *   GEN_BRANDS        brands, owned in turn by the advertisers (= advertisers)
 *   GEN_SKEW          0 = orders spread evenly over brands; s > 0: brand ⌊brands · u^(1+s)⌋ (0)
 *   GEN_HISTORY_DAYS  how far back orders go (730)
 *   GEN_RECENT_SHARE  share of orders created in the last 30 days; empty = even over the history
 *                     (730 days: 4.1 %)
 *   GEN_STATUS_MIX    status:percent,… in this order, summing to 100
 *                     (draft:5,pending_approval:3,ordered:5,modified:2,approved:10,rejected:5,scheduled:10,active:15,completed:45)
 */
export type StatusMix = [status: string, percent: number][];

export interface Distribution {
  name: string;
  seed: number;
  clients: number;
  brands: number;
  skew: number;
  historyDays: number;
  recentShare: number | null;
  statusMix: StatusMix;
}

const STATUSES = ['draft', 'pending_approval', 'ordered', 'modified', 'approved', 'rejected', 'scheduled', 'active', 'completed'];

const DEFAULT_MIX: StatusMix = [
  ['draft', 5],
  ['pending_approval', 3],
  ['ordered', 5],
  ['modified', 2],
  ['approved', 10],
  ['rejected', 5],
  ['scheduled', 10],
  ['active', 15],
  ['completed', 45],
];

export const DEFAULT_DISTRIBUTION = (orders: number): Distribution => {
  const clients = Math.ceil(orders / 40);
  return { name: 'uniform', seed: 0, clients, brands: clients, skew: 0, historyDays: 730, recentShare: null, statusMix: DEFAULT_MIX };
};

/** Issue 28's independent data set, as far as its description goes: 829k campaigns of 1M orders is 83 % scheduled, active or completed. */
const SKEWED = (orders: number): Distribution => ({
  name: 'skewed',
  seed: 28,
  clients: Math.max(2, Math.round(orders / 500)),
  brands: Math.max(3, Math.round((orders / 500) * 1.5)),
  skew: 2,
  historyDays: 730,
  recentShare: 0.08,
  statusMix: [
    ['draft', 3],
    ['pending_approval', 2],
    ['ordered', 3],
    ['modified', 1],
    ['approved', 5],
    ['rejected', 3],
    ['scheduled', 8],
    ['active', 15],
    ['completed', 60],
  ],
});

const PRESETS: Record<string, (orders: number) => Distribution> = { uniform: DEFAULT_DISTRIBUTION, skewed: SKEWED };

const wholeEnv = (name: string, min: number): number | undefined => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number ≥ ${min}`);
  return value;
};

const parseMix = (raw: string): StatusMix => {
  const mix = raw.split(',').map((part) => {
    const [status, percent] = part.split(':');
    if (!status || !STATUSES.includes(status) || !/^\d+$/.test(percent ?? '')) throw new Error(`GEN_STATUS_MIX: bad entry ${part}`);
    return [status, Number(percent)] as [string, number];
  });
  if (mix.reduce((sum, [, p]) => sum + p, 0) !== 100) throw new Error('GEN_STATUS_MIX must sum to 100');
  return mix;
};

export const distributionFromEnv = (orders: number): Distribution => {
  const preset = process.env.GEN_PRESET ?? 'uniform';
  const base = PRESETS[preset];
  if (!base) throw new Error(`GEN_PRESET must be one of ${Object.keys(PRESETS).join(', ')}`);
  const d = base(orders);
  const skew = process.env.GEN_SKEW ? Number(process.env.GEN_SKEW) : d.skew;
  if (!Number.isFinite(skew) || skew < 0 || skew > 10) throw new Error('GEN_SKEW must be a number from 0 to 10');
  const recentRaw = process.env.GEN_RECENT_SHARE;
  const recentShare = recentRaw === undefined ? d.recentShare : recentRaw === '' ? null : Number(recentRaw);
  if (recentShare !== null && !(recentShare > 0 && recentShare < 1)) throw new Error('GEN_RECENT_SHARE must be between 0 and 1');
  const clients = wholeEnv('GEN_CLIENTS', 1) ?? d.clients;
  return {
    name: preset,
    seed: wholeEnv('GEN_SEED', 0) ?? d.seed,
    clients,
    brands: wholeEnv('GEN_BRANDS', clients) ?? Math.max(d.brands, clients),
    skew,
    historyDays: wholeEnv('GEN_HISTORY_DAYS', 60) ?? d.historyDays,
    recentShare,
    statusMix: process.env.GEN_STATUS_MIX ? parseMix(process.env.GEN_STATUS_MIX) : d.statusMix,
  };
};

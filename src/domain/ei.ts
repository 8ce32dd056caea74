/**
 * The 4A's electronic invoice (EI) as a delimited flat file (issue 27, decision 034): typed records
 * in a fixed order, one transmission holding one or more invoices. Pure: the billing module gathers
 * the invoice and its as-run, this writes (and, for tests and tools, reads back) the file.
 *
 * Records (comma-delimited, CRLF, a field quoted when it holds a comma, quote or line break):
 * 21 agency, 22 station, 23 payee; 31 invoice header; 32 invoice comments; 41 schedule lines; 51
 * one per aired spot (its last field the program it aired in, decision 060), each followed by its 52 comments (makegoods, ADUs); 34 invoice total; 12
 * transmission total. Dates YYYYMMDD, times HHMM (41) and HHMMSS (51), money in dollars with two
 * decimals, the broadcast month YYMM. Field layout: decision 034 (chosen where public material
 * could not confirm it).
 */

export interface EiParty {
  name: string;
  address: string | null;
}

export interface EiScheduleLine {
  lineNumber: number;
  startDate: string;
  endDate: string;
  /** Seven characters Monday to Sunday: the day's initial when the line airs, `-` when not. */
  days: string;
  startTime: string;
  endTime: string;
  lengthSeconds: number;
  rateCents: number;
  spots: number;
  description: string;
}

export interface EiSpot {
  lineNumber: number;
  airDate: string;
  /** HH:MM:SS, station time. */
  airTime: string;
  lengthSeconds: number;
  /** The commercial's Ad-ID / ISCI, else its house code. */
  adId: string;
  rateCents: number;
  /** The program it aired in (decision 060), where the channel has a program schedule. */
  program: string | null;
  /** Reconciliation comments (52): a makegood says which spot it replaces; an ADU says it is one (ADU_COMMENT). */
  comments: string[];
}

export interface EiInvoice {
  agency: EiParty;
  station: EiParty;
  payee: EiParty;
  advertiser: string;
  product: string;
  estimateNumber: string;
  invoiceNumber: string;
  invoiceDate: string;
  /** YYYY-MM: the broadcast month billed. */
  broadcastMonth: string;
  periodStart: string;
  periodEnd: string;
  contract: string;
  clientCode: string;
  productCode: string;
  comments: string[];
  lines: EiScheduleLine[];
  spots: EiSpot[];
  grossCents: number;
  commissionCents: number;
  taxCents: number;
  netCents: number;
}

/** The 52 comment of an ADU's 51 (decision 057): a no-charge audience deficiency unit, its 51 rate 0.00. */
export const ADU_COMMENT = 'ADU NO CHARGE: AUDIENCE DEFICIENCY UNIT';

const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** 'MTWTF--' from day names. */
export const eiDays = (daysOfWeek: readonly string[]): string => WEEK.map((d) => (daysOfWeek.includes(d) ? d[0] : '-')).join('');

/** 1 (Monday) to 7 (Sunday) of a YYYY-MM-DD date. */
export const eiWeekday = (date: string): number => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
};

const ymd = (date: string) => date.replace(/-/g, '');
const money = (cents: number) => (cents / 100).toFixed(2);
const hhmm = (time: string) => time.replace(/:/g, '').slice(0, 4);
const hhmmss = (time: string) => time.replace(/:/g, '').slice(0, 6);
const yymm = (month: string) => month.slice(2, 4) + month.slice(5, 7);

// eslint-disable-next-line no-control-regex
const clean = (value: string) => value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
const field = (value: string | number) => {
  const text = typeof value === 'number' ? String(value) : clean(value);
  return /[",]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const record = (type: string, ...values: (string | number)[]) => `${[type, ...values].map(field).join(',')}\r\n`;

/** One transmission of invoices. */
export const writeEi = (invoices: readonly EiInvoice[]): string => {
  let out = '';
  let spotsTotal = 0;
  let grossTotal = 0;
  let netTotal = 0;
  for (const inv of invoices) {
    out += record('21', inv.agency.name, inv.agency.address ?? '');
    out += record('22', inv.station.name, inv.station.address ?? '');
    out += record('23', inv.payee.name, inv.payee.address ?? '');
    out += record(
      '31',
      inv.advertiser,
      inv.product,
      inv.estimateNumber,
      inv.invoiceNumber,
      ymd(inv.invoiceDate),
      yymm(inv.broadcastMonth),
      ymd(inv.periodStart),
      ymd(inv.periodEnd),
      inv.contract,
      inv.clientCode,
      inv.productCode,
    );
    for (const comment of inv.comments) out += record('32', comment);
    for (const l of inv.lines)
      out += record(
        '41',
        l.lineNumber,
        ymd(l.startDate),
        ymd(l.endDate),
        l.days,
        hhmm(l.startTime),
        hhmm(l.endTime),
        l.lengthSeconds,
        money(l.rateCents),
        l.spots,
        l.description,
      );
    for (const s of inv.spots) {
      out += record('51', s.lineNumber, ymd(s.airDate), eiWeekday(s.airDate), hhmmss(s.airTime), s.lengthSeconds, s.adId, money(s.rateCents), s.program ?? '');
      for (const comment of s.comments) out += record('52', comment);
    }
    out += record('34', inv.spots.length, money(inv.grossCents), money(inv.commissionCents), money(inv.taxCents), money(inv.netCents));
    spotsTotal += inv.spots.length;
    grossTotal += inv.grossCents;
    netTotal += inv.netCents;
  }
  out += record('12', invoices.length, spotsTotal, money(grossTotal), money(netTotal));
  return out;
};

/** The fields of one delimited line (quotes as written by writeEi). */
const fieldsOf = (line: string): string[] => {
  const fields: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else value += line[i++];
      }
      fields.push(value);
      i++; // the comma
    } else {
      const end = line.indexOf(',', i);
      fields.push(line.slice(i, end === -1 ? line.length : end));
      i = end === -1 ? line.length + 1 : end + 1;
    }
  }
  return fields;
};

/** An EI file's records, in order: each its type and fields (for tests and tools). */
export const readEi = (text: string): { type: string; fields: string[] }[] =>
  text
    .split('\r\n')
    .filter((line) => line.length > 0)
    .map((line) => {
      const [type, ...fields] = fieldsOf(line);
      return { type: type!, fields };
    });

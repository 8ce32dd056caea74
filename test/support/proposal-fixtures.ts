/** AAAA Proposal XML files the tests write (issue 42), and their upload to POST /api/estimates/import. */
import type { TestApp } from './app';

export interface LineSpec {
  outletRef?: string;
  name: string;
  days: string[];
  start: string;
  end: string;
  length?: string;
  /** DayTime/ProgramName: the program the buyer targets. */
  program?: string;
  /** Format 1 periods: [start, end, rate, spotsPerWeek]; `byDay` for DayDetailedPeriod with SpotsByDay. */
  periods?: { start: string; end: string; rate: string; spots?: number; byDay?: Record<string, number>; demo?: string; values?: Record<string, string> }[];
  /** Format 2: one rate, TotalSpots and plain periods. */
  plain?: { rate: string; total: number; periods: [string, string][] };
}

export interface ProposalSpec {
  id?: string;
  version?: number;
  schemaVersion?: string;
  weekStartDay?: string;
  start: string;
  end: string;
  outlets: { id: string; callLetters: string }[];
  /** `categories`: the list's DemoCategory elements (default: D1, an A25-54 Rating). */
  lists: { outlets: string[]; lines: LineSpec[]; categories?: string }[];
  before?: string;
}

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const demoValues = (p: { demo?: string; values?: Record<string, string> }) => {
  const values = p.values ?? (p.demo ? { D1: p.demo } : {});
  const entries = Object.entries(values);
  return entries.length > 0 ? `<DemoValues>${entries.map(([ref, v]) => `<DemoValue demoRef="${ref}">${v}</DemoValue>`).join('')}</DemoValues>` : '';
};

const A25_54_RATING =
  '<DemoCategory DemoId="D1"><tvb-tp:DemoType>Rating</tvb-tp:DemoType><tvb-tp:Group>Adults</tvb-tp:Group><tvb-tp:AgeFrom>25</tvb-tp:AgeFrom><tvb-tp:AgeTo>54</tvb-tp:AgeTo></DemoCategory>';

const line = (l: LineSpec, listOutlets: number) => {
  const outlet = l.outletRef ?? (listOutlets > 1 ? 'L1' : undefined);
  const dayTimes = `<DayTimes><DayTime><StartTime>${l.start}</StartTime><EndTime>${l.end}</EndTime><Days>${DAYS.map((d) => `<tvb:${d}>${l.days.includes(d) ? 'Y' : 'N'}</tvb:${d}>`).join('')}</Days>${l.program ? `<ProgramName>${l.program}</ProgramName>` : ''}</DayTime></DayTimes>`;
  const head = `${outlet ? `<OutletReference outletFromListRef="${outlet}"/>` : ''}${dayTimes}<DaypartName>${l.name}</DaypartName><AvailName>${l.name}</AvailName><SpotLength>${l.length ?? '00:00:30'}</SpotLength>`;
  if (l.plain)
    return `<AvailLineWithPeriods>${head}<Rate>${l.plain.rate}</Rate><TotalSpots>${l.plain.total}</TotalSpots><Periods>${l.plain.periods.map(([s, e]) => `<Period startDate="${s}" endDate="${e}"/>`).join('')}</Periods></AvailLineWithPeriods>`;
  const periods = (l.periods ?? [])
    .map((p) =>
      p.byDay
        ? `<DayDetailedPeriod startDate="${p.start}" endDate="${p.end}"><Rate>${p.rate}</Rate><SpotsByDay>${Object.entries(p.byDay)
            .map(([d, n]) => `<${d}>${n}</${d}>`)
            .join('')}</SpotsByDay></DayDetailedPeriod>`
        : `<DetailedPeriod startDate="${p.start}" endDate="${p.end}"><Rate>${p.rate}</Rate>${p.spots === undefined ? '' : `<SpotsPerWeek>${p.spots}</SpotsPerWeek>`}${demoValues(p)}</DetailedPeriod>`,
    )
    .join('');
  return `<AvailLineWithDetailedPeriods>${head}<Periods>${periods}</Periods></AvailLineWithDetailedPeriods>`;
};

export const proposalXml = (p: ProposalSpec) => `<?xml version="1.0" encoding="UTF-8"?>${p.before ?? ''}
<AAAA-Message xmlns="http://www.AAAA.org/schemas/spotTVCableProposal" xmlns:tvb="http://www.AAAA.org/schemas/TVBGeneralTypes" xmlns:tvb-tp="http://www.AAAA.org/schemas/spotTV">
  <AAAA-Values><SchemaName>SpotTV Proposal</SchemaName><SchemaVersion>${p.schemaVersion ?? '0.3.0.5A'}</SchemaVersion><Media>SpotTV</Media><BusinessObject>Proposal</BusinessObject><Action>New</Action><UniqueMessageID>m-1</UniqueMessageID></AAAA-Values>
  <Proposal uniqueIdentifier="${p.id ?? 'PROP-1'}" version="${p.version ?? 1}" weekStartDay="${p.weekStartDay ?? 'Monday'}" startDate="${p.start}" endDate="${p.end}" sendDateTime="2027-01-01T00:00:00">
    <Seller companyName="Spot Sales"/>
    <Buyer buyingCompanyName="Media Buyers Inc"><BuyerName>Pat Buyer</BuyerName></Buyer>
    <Advertiser name="Acme Foods"><Product name="Acme Crunch"/></Advertiser>
    <Name>Acme spring flight</Name>
    <Outlets>${p.outlets.map((o) => `<TelevisionStation callLetters="${o.callLetters}" outletId="${o.id}"/>`).join('')}</Outlets>
    ${p.lists
      .map(
        (list) => `<AvailList identifier="L" startDate="${p.start}" endDate="${p.end}">
      <OutletReferences>${list.outlets.map((o, i) => `<OutletReference outletForListId="L${i + 1}" outletFromProposalRef="${o}"/>`).join('')}</OutletReferences>
      <DemoCategories>${list.categories ?? A25_54_RATING}</DemoCategories>
      ${list.lines.map((l) => line(l, list.outlets.length)).join('\n      ')}
    </AvailList>`,
      )
      .join('\n')}
  </Proposal>
</AAAA-Message>`;

export const importProposalFile = (t: TestApp, content: string | Buffer, token: string, fields: Record<string, string> = {}) => {
  const boundary = '----spotbookproposal';
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([field, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proposal.xml"\r\nContent-Type: application/xml\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.inject({ method: 'POST', url: '/api/estimates/import', token, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
};

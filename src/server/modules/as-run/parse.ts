/**
 * Reading as-run files as a stream of rows: CSV with csv-parse, SMPTE BXF with saxes (a streaming
 * XML parser). Neither holds the file in memory; rows come out as the file is read.
 */
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import { SaxesParser } from 'saxes';
import { AsRunLineError, CSV_COLUMNS, readAsRunRow, type AsRunRow } from '../../../domain/as-run';

const headerName = (value: string) => value.trim().toLowerCase().replace(/[\s-]+/g, '_');

export async function* readCsvAsRun(file: string): AsyncGenerator<AsRunRow> {
  const parser = createReadStream(file).pipe(
    parse({
      bom: true,
      trim: true,
      skip_empty_lines: true,
      info: true,
      relax_column_count: false,
      columns: (header: string[]) => {
        const names = header.map(headerName);
        const missing = CSV_COLUMNS.filter((c) => !names.includes(c));
        if (missing.length > 0) throw new AsRunLineError(1, `the header row must name the columns ${CSV_COLUMNS.join(', ')} (missing ${missing.join(', ')})`);
        return names;
      },
    }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      yield readAsRunRow(info.lines, record);
    }
  } catch (error) {
    if (error instanceof AsRunLineError) throw error;
    const line = (error as { lines?: number }).lines ?? 0;
    throw new AsRunLineError(line, (error as Error).message.replace(/^Invalid Record Length: /, '').slice(0, 200));
  }
}

interface EventFields {
  date?: string;
  time?: string;
  house_code?: string;
  duration?: string;
  status?: string;
  spot_id?: string;
}

/**
 * BXF as-run: every `AsRun` element is one airing. Read inside it: the actual start
 * (`StartDateTime/SmpteDateTime` with its `broadcastDate` and `SmpteTimeCode`), the length
 * (`Duration`'s `SmpteTimeCode`), `HouseNumber`, optionally `EventId` (the spot id) and a `status`
 * attribute or `Status` element (aired when absent).
 */
export async function* readBxfAsRun(file: string): AsyncGenerator<AsRunRow> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const stack: string[] = [];
  let current: EventFields | null = null;
  let text = '';
  let pending: AsRunRow[] = [];
  let failure: Error | null = null;
  const local = (name: string) => name.slice(name.indexOf(':') + 1);

  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    stack.push(name);
    text = '';
    if (name === 'AsRun') current = { status: typeof tag.attributes.status === 'string' ? tag.attributes.status : undefined };
    if (current && name === 'SmpteDateTime' && stack.includes('StartDateTime') && typeof tag.attributes.broadcastDate === 'string') current.date = tag.attributes.broadcastDate;
  });
  parser.on('text', (value) => {
    text += value;
  });
  parser.on('closetag', (tag) => {
    const name = local(tag.name);
    if (current) {
      const value = text.trim();
      if (name === 'SmpteTimeCode' && stack.includes('StartDateTime')) current.time = value;
      else if (name === 'SmpteTimeCode' && (stack.includes('Duration') || stack.includes('LengthOption'))) current.duration ??= value;
      else if (name === 'HouseNumber') current.house_code = value;
      else if (name === 'EventId' && value) current.spot_id = value;
      else if (name === 'Status' && value) current.status = value;
      if (name === 'AsRun') {
        try {
          pending.push(readAsRunRow(parser.line, current));
        } catch (error) {
          failure ??= error as Error;
        }
        current = null;
      }
    }
    stack.pop();
    text = '';
  });
  parser.on('error', (error) => {
    failure ??= new AsRunLineError(parser.line, `the XML is malformed (${error.message.split('\n')[0]!.replace(/^\d+:\d+: /, '').slice(0, 120)})`);
  });

  for await (const chunk of createReadStream(file, { encoding: 'utf8' })) {
    parser.write(chunk as string);
    if (failure) throw failure;
    const rows = pending;
    pending = [];
    yield* rows;
  }
  parser.close();
  if (failure) throw failure;
  yield* pending;
}

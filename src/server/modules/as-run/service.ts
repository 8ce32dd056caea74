/** POST /traffic/as-run: the upload lands in a temporary file (hashed on the way), then is imported from it. */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { pipeIntoFile } from '../../platform/file-write';
import { sqlArray } from '../../platform/sql-arrays';
import {
  AsRunLineError,
  stationMaterialReason,
  type AsRunEntry,
  type AsRunRow,
  type AsRunImport,
  type AsRunReport,
  type ReadOptions,
  type SkippedAsRunRow,
} from '../../../domain/as-run';
import { instantResolver } from '../../../domain/as-run-match';
import { readInstant } from '../../../domain/as-run-fields';
import { asRunChanges, asRunImports, asRunUnmatched } from '../../db/schema';
import { userNamesView } from '../users/public';
import { isUniqueViolation, type Db } from '../../platform/db';
import { badRequest, HttpError, notFound } from '../../platform/errors';
import { instantOf, localClockOf, localDateOf } from '../../../domain/dates';
import { cleanFileName } from '../../../domain/validation';
import type { Staged } from '../notifications';
import { importAsRun } from './import';
import { ResolvedRows } from './rows';
import { readBxfAsRun, readCsvAsRun, type BxfMeta, type CsvMeta } from './parse';
import { AS_RUN_PROFILE_TABLE, type AsRunProfile } from '../../../domain/as-run-profiles';
import { CHANNEL_MESSAGES } from '../../../domain/channel-schemas';
import { channelMatcher } from '../../../domain/channel-match';
import { channelsToMatch, channelZone } from '../channels/public';

type ImportRow = typeof asRunImports.$inferSelect;

const toImport = (row: ImportRow, importedBy: string | null): AsRunImport => ({
  id: row.id,
  filename: row.filename,
  format: row.format,
  imported_at: row.createdAt.toISOString(),
  imported_by: importedBy,
  rows: row.rows,
  aired: row.aired,
  reported_missed: row.reportedMissed,
  unmatched: row.unmatched,
  closed_missed: row.closedMissed,
  skipped: row.skipped,
  reopened: row.reopened,
  closing: row.closing,
  notice: row.notice,
  days: row.days,
  channel_ids: row.channelIds,
});

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The report's sentence: the rows read add up (aired + missed + unmatched + skipped); closed and reopened spots are said apart. */
export const importMessage = (imp: Pick<ImportRow, 'rows' | 'aired' | 'reportedMissed' | 'unmatched' | 'skipped' | 'closedMissed' | 'reopened'>) =>
  [
    `Imported ${plural(imp.rows, 'row')}: ${imp.aired} aired, ${imp.reportedMissed} missed, ${imp.unmatched} unmatched, ${imp.skipped} skipped`,
    imp.closedMissed > 0 ? `; ${plural(imp.closedMissed, 'unreported spot')} closed as missed` : '',
    imp.reopened > 0 ? `; ${plural(imp.reopened, 'spot')} closed as missed earlier found aired (makegood withdrawn)` : '',
  ].join('');

const UNMATCHED_SHOWN = 1000;

/** A limited admin's imports: those of their channels only (decision 053). */
const withinChannels = (allowed: readonly string[] | null) =>
  allowed === null ? undefined : sql`${asRunImports.channelIds} <@ ${sqlArray([...allowed], 'uuid')}`;

export const asRunReport = async (db: Db, id: string, duplicate = false, allowedChannels: readonly string[] | null = null): Promise<AsRunReport> => {
  const [row] = await db
    .select({ imp: asRunImports, email: userNamesView.email })
    .from(asRunImports)
    .leftJoin(userNamesView, eq(userNamesView.id, asRunImports.importedBy))
    .where(and(eq(asRunImports.id, id), withinChannels(allowedChannels)))
    .limit(1);
  if (!row) throw notFound('As-run import not found');
  const unmatched = await db.select().from(asRunUnmatched).where(eq(asRunUnmatched.importId, id)).orderBy(asc(asRunUnmatched.line)).limit(UNMATCHED_SHOWN);
  const listed = async (outcome: (typeof asRunChanges.$inferSelect)['outcome']) =>
    (
      await db
        .select()
        .from(asRunChanges)
        .where(and(eq(asRunChanges.importId, id), eq(asRunChanges.outcome, outcome)))
        .orderBy(asc(asRunChanges.id))
        .limit(UNMATCHED_SHOWN)
    ).map((c) => ({
      line: c.line,
      spot_id: c.spotId,
      date: c.airDate,
      time: c.airTime,
      house_code: c.houseCode,
      note: c.note,
    }));
  const imp = row.imp;
  return {
    import: toImport(imp, row.email),
    duplicate,
    message: duplicate ? `This file was already imported on ${imp.createdAt.toISOString().slice(0, 10)}; nothing changed` : importMessage(imp),
    notice: imp.notice,
    unmatched_rows: unmatched.map((u) => ({ line: u.line, date: u.airDate, time: u.airTime, house_code: u.houseCode, reason: u.reason })),
    aired_spots: await listed('aired'),
    missed_spots: await listed('missed'),
    skipped_rows: await listed('skipped'),
    closed_spots: await listed('closed_missed'),
  };
};

export const listAsRunImports = async (db: Db, allowedChannels: readonly string[] | null): Promise<AsRunImport[]> =>
  (
    await db
      .select({ imp: asRunImports, email: userNamesView.email })
      .from(asRunImports)
      .leftJoin(userNamesView, eq(userNamesView.id, asRunImports.importedBy))
      .where(withinChannels(allowedChannels))
      .orderBy(desc(asRunImports.createdAt))
      .limit(100)
  ).map((r) => toImport(r.imp, r.email));

const formatOf = (filename: string, head: string): 'csv' | 'bxf' => (/\.(xml|bxf)$/i.test(filename) || head.trimStart().startsWith('<') ? 'bxf' : 'csv');

/** The most rows one file may hold. */
export const MAX_AS_RUN_ROWS = 200_000;
/** How far past now (station clock skew) an as-run row may be before it is refused as the future. */
export const FUTURE_TOLERANCE_MINUTES = 5;

/** A stated instant: ISO with a zone, or a wall-clock 'YYYY-MM-DDTHH:MM[:SS]' in the station's zone. */
const instantOfStated = (value: string | undefined, timeZone: string): number | null => {
  if (!value) return null;
  const stated = readInstant(value);
  if (stated !== null) return stated;
  const wall = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2})?$/.exec(value.trim());
  return wall ? instantOf(wall[1]!, wall[2]!, timeZone).getTime() : null;
};

/**
 * Reads the whole file and checks every row before any database work: a line that cannot be read,
 * too many rows, or an airing later than now refuses the file (nothing applied). Answers the rows
 * with their instants, the skipped rows, and the period a BXF message says it covers.
 */
export const readAsRunFile = async ({
  target,
  format,
  options,
  timeZone,
  zoneOf = () => timeZone,
  now,
  profile = AS_RUN_PROFILE_TABLE.auto,
  channelOf,
}: {
  /** The channel a row settles on (its id); throws AsRunLineError for a channel the file may not name. */
  channelOf: (row: AsRunRow) => string;
  target: string;
  format: 'csv' | 'bxf';
  options: ReadOptions;
  /** The zone of the upload's channel: a stated period's wall-clock times are read in it. */
  timeZone: string;
  /** A channel's time zone: a row's wall-clock time is read in its channel's (decision 053, "Time zones"). */
  zoneOf?: (channelId: string) => string;
  now: Date;
  /** A named layout of a playout system's delimited as-run (decision 028). */
  profile?: AsRunProfile;
}) => {
  const meta: BxfMeta = {};
  const csvMeta: CsvMeta = {};
  const entries: AsyncIterable<AsRunEntry> = format === 'csv' ? readCsvAsRun(target, options, profile, csvMeta) : readBxfAsRun(target, options, meta);
  const rows = new ResolvedRows();
  const skipped: SkippedAsRunRow[] = [];
  /** Broadcast days an end-of-day marker row closes. */
  const endOfDay = new Set<string>();
  const latest = now.getTime() + FUTURE_TOLERANCE_MINUTES * 60_000;
  const resolvers = new Map<string, ReturnType<typeof instantResolver>>();
  const resolverOf = (zone: string) => resolvers.get(zone) ?? resolvers.set(zone, instantResolver(zone)).get(zone)!;
  // A profile whose time column is UTC (iTX's Start Time): its wall-clock times are read in UTC.
  const resolve = (row: AsRunRow, channelId: string) => resolverOf(csvMeta.utc ? 'UTC' : zoneOf(channelId))(row);
  for await (const entry of entries) {
    if (rows.length + skipped.length >= MAX_AS_RUN_ROWS) {
      throw new AsRunLineError(
        'row' in entry ? entry.row.line : entry.skipped.line,
        `the file holds more than ${MAX_AS_RUN_ROWS.toLocaleString('en-US')} rows (send the day in several files)`,
      );
    }
    if ('skipped' in entry) {
      skipped.push(entry.skipped);
      if (entry.endOfDay) endOfDay.add(entry.endOfDay);
      continue;
    }
    const row = entry.row;
    const material = stationMaterialReason(row, options.stationMaterial);
    if (material) {
      skipped.push({ line: row.line, date: row.date, time: row.time, houseCode: row.houseCode, reason: material });
      continue;
    }
    const channelId = channelOf(row);
    const { instants, localDate, localTime } = resolve(row, channelId);
    if (instants[0]! > latest) {
      const zone = zoneOf(channelId);
      throw new AsRunLineError(
        row.line,
        `the airing at ${localDate} ${localTime} is later than now (${localDateOf(now, zone)} ${localClockOf(now, zone)} station time): an as-run reports only what has aired`,
      );
    }
    rows.push(row, { instants, localDate, localTime, channelId });
  }
  if (rows.length + skipped.length === 0) throw new AsRunLineError(1, 'the file holds no as-run rows');
  const from = instantOfStated(meta.scheduleStart, timeZone);
  const to = instantOfStated(meta.scheduleEnd, timeZone);
  return { rows, skipped, statedRange: from !== null && to !== null && from < to ? { from, to } : null, endOfDayDays: [...endOfDay].sort() };
};

export const receiveAsRun = async ({
  db,
  file,
  tmpDir,
  importedBy,
  maxMb,
  closeDay,
  readOptions,
  profile,
  toleranceMinutes,
  timeZone,
  now,
  makegoodExpiryHours,
  deliver,
  channelId,
  allowedChannels,
}: {
  db: Db;
  /** The channel the upload names (`channel_id`); rows that name none are of it, else of the default channel. */
  channelId: string | undefined;
  /** A limited admin's channels (decision 053); null: every channel. */
  allowedChannels: readonly string[] | null;
  file: MultipartFile;
  tmpDir: string;
  importedBy: string;
  maxMb: number;
  closeDay: boolean;
  readOptions: ReadOptions;
  profile?: AsRunProfile;
  toleranceMinutes: number;
  timeZone: string;
  now: () => Date;
  makegoodExpiryHours: number;
  /** Sends the makegood notifications once the import has committed. */
  deliver: (staged: Staged) => void;
}): Promise<AsRunReport> => {
  await mkdir(tmpDir, { recursive: true });
  const target = path.join(tmpDir, `as-run-${randomUUID()}`);
  const hash = createHash('sha256');
  let head = '';
  try {
    await pipeIntoFile(
      [
        file.file,
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            hash.update(chunk);
            if (head.length < 64) head += chunk.subarray(0, 64).toString('utf8');
            done(null, chunk);
          },
        }),
      ],
      target,
    );
    if (file.file.truncated) throw new HttpError(413, `The as-run file is too large (at most ${maxMb} MB)`);
    const contentHash = hash.digest('hex');
    const [previous] = await db.select({ id: asRunImports.id }).from(asRunImports).where(eq(asRunImports.contentHash, contentHash)).limit(1);
    if (previous) return asRunReport(db, previous.id, true);
    const format = formatOf(file.filename, head);
    const channels = await channelsToMatch(db);
    const allowed = (id: string) => allowedChannels === null || allowedChannels.includes(id);
    const named = channelId === undefined ? undefined : channels.find((c) => c.id === channelId && allowed(c.id));
    if (channelId !== undefined && !named) throw badRequest(CHANNEL_MESSAGES.notFound, 'channel_id');
    const fallback = named ?? channels.find((c) => c.isDefault)!;
    const match = channelMatcher(channels.filter((c) => allowed(c.id)));
    const labelOf = (c: (typeof channels)[number]) => c.shortName ?? c.channelNumber;
    const zoneOf = (id: string) => channelZone(channels.find((c) => c.id === id) ?? fallback, timeZone);
    const channelOf = (row: AsRunRow) => {
      if (row.channel === null) return fallback.id;
      const id = match(row.channel);
      if (id === null) throw new AsRunLineError(row.line, `the file names channel "${row.channel}", which is not a channel of this station`);
      if (named && id !== named.id) throw new AsRunLineError(row.line, `the row is for channel "${row.channel}", not ${labelOf(named)} named by channel_id`);
      return id;
    };
    let id: string;
    try {
      // Read and checked in full before the transaction opens: parsing never holds a database connection.
      const read = await readAsRunFile({ target, format, options: readOptions, timeZone: zoneOf(fallback.id), zoneOf, now: now(), profile, channelOf });
      const imported = await importAsRun({
        db,
        fallbackChannelId: fallback.id,
        contentHash,
        filename: cleanFileName(file.filename, 'as-run', 200),
        format,
        importedBy,
        ...read,
        closeDay,
        toleranceMinutes,
        timeZone,
        zoneOf,
        makegoodExpiryHours,
        now: now(),
      });
      id = imported.id;
      for (const staged of imported.staged) deliver(staged);
    } catch (error) {
      if (error instanceof AsRunLineError) throw badRequest(error.message);
      // The same file sent twice at once: the second finds the first's import.
      if (isUniqueViolation(error)) {
        const [first] = await db.select({ id: asRunImports.id }).from(asRunImports).where(eq(asRunImports.contentHash, contentHash)).limit(1);
        if (first) return asRunReport(db, first.id, true);
      }
      throw error;
    }
    return asRunReport(db, id);
  } finally {
    await rm(target, { force: true });
  }
};

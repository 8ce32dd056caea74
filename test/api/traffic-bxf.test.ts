/**
 * The traffic log's BXF export as automation reads it (issue 24; issue 30 item 7): asserted
 * element by element (the SMPTE schema is not in the repository; with BXF_SCHEMA_DIR set, the file
 * is also validated with xmllint against it, see the README).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { setOrderStatus } from '../support/campaign-fixtures';
import { createDaypart, submittedOrder } from '../support/ordering-fixtures';

const ZONE = 'America/New_York';
const DAY = '2027-06-07';
let now = new Date('2027-05-30T14:00:00Z');
let t: TestApp;
let admin: string;
let order: { id: string };
let house: string;

beforeAll(async () => {
  t = await createTestApp({ stationTimeZone: ZONE, trafficHorizonDays: 2 }, { now: () => now });
  admin = await t.adminToken();
  // 23:00–01:00: the day's last spot airs after midnight.
  const daypart = await createDaypart(t.database.db, {
    name: 'Late',
    startTime: '23:00',
    endTime: '01:00',
    daysOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    spotFrequency: 10,
  });
  const booked = await submittedOrder(t, { name: 'Late promo', startDate: DAY, daypartId: daypart.id, spots: 3, totalSpend: 3000 });
  order = booked.order;
  house = booked.owner.media.houseNumber;
  // A brand name holding a character XML 1.0 forbids (as the audit's was); this station has one advertiser.
  await t.database.db.update(brands).set({ commonName: 'Bob\u0007Tools' }).where(eq(brands.ownerId, booked.owner.id));
  await setOrderStatus(t, order.id, 'active');
  now = new Date(`${DAY}T10:00:00Z`);
  await t.app.ctx.stationClock.tick();
});
afterAll(async () => t?.close());

type Node = Record<string, unknown> & { [key: string]: never | unknown };

describe('GET /api/traffic/logs/:date/export?format=bxf', () => {
  it('writes a BXF 1.0 schedule: urn:uuid ids, break headers, SpotType, Start/EndMode, frame rate, broadcast dates over midnight', async () => {
    const res = await t.inject({ method: 'GET', url: `/api/traffic/logs/${DAY}/export?format=bxf`, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('\u0007');
    expect(XMLValidator.validate(res.body)).toBe(true);
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@',
      parseTagValue: false,
      parseAttributeValue: false,
      isArray: (name) => name === 'ScheduledEvent',
    }).parse(res.body) as Node;
    const message = parsed.BxfMessage as Node;
    expect(message['@xmlns']).toBe('http://smpte-ra.org/schemas/2021/2008/BXF');
    expect(message['@xmlns:pmcp']).toBe('http://www.atsc.org/XMLSchemas/pmcp/2007/3.1');
    expect(message['@id']).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(message).toMatchObject({
      '@messageType': 'Information',
      '@origin': 'Spotbook',
      '@originType': 'Traffic',
      '@userName': 'Spotbook',
      '@destination': 'Automation',
    });
    expect(Number.isNaN(Date.parse(message['@dateTime'] as string))).toBe(false);
    const schedule = (message.BxfData as Node).Schedule as Node;
    expect(schedule['@scheduleId']).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The broadcast day as xs:dateTime: local midnight to midnight (EDT: 04:00Z).
    expect(schedule).toMatchObject({ '@type': 'Primary', '@scheduleStart': '2027-06-07T04:00:00Z', '@scheduleEnd': '2027-06-08T04:00:00Z', '@timeZone': ZONE });
    expect(schedule.Channel).toEqual({ '@type': 'digital_television', '@channelNumber': '1.1', 'pmcp:Name': 'Spotbook Station' });

    const events = (schedule.ScheduledEvent as Node[]).filter((e) => JSON.stringify(e).includes('Late'));
    // Three breaks of one spot each (23:00, 23:40, 00:20), each a header then its spot.
    expect(events.map((e) => (e.EventData as Node)['@eventType'] as string)).toEqual([
      'Primary-BreakHeader',
      'Primary',
      'Primary-BreakHeader',
      'Primary',
      'Primary-BreakHeader',
      'Primary',
    ]);
    const spots = (
      (await t.inject({ method: 'GET', url: `/api/traffic/logs/${DAY}`, token: admin })).json().spots as {
        id: string;
        local_time: string;
        estimate_id: string;
      }[]
    ).filter((s) => s.estimate_id === order.id);
    expect(spots).toHaveLength(3);

    const header = events[0]!.EventData as Node;
    expect(header.EventId).toEqual({ EventId: expect.stringMatching(/^urn:uuid:/) });
    expect(header.EventTitle).toBe(`Break ${spots[0]!.local_time.slice(0, 5)} Late`);
    expect(header.PrimaryEvent).toEqual({ NonProgramEvent: { Details: { SpotType: 'Break' } } });
    expect(header.StartMode).toBe('Fixed');
    expect(header.EndMode).toBe('Duration');
    expect(events[0]!.Content).toBeUndefined();

    const first = events[1]!;
    const data = first.EventData as Node;
    expect(data.EventId).toEqual({ EventId: `urn:uuid:${spots[0]!.id}` });
    expect(data.EventTitle).toBe('BobTools – Late promo');
    expect(data.PrimaryEvent).toEqual({
      NonProgramEvent: { Details: { SpotType: 'Commercial', AdvertiserName: 'BobTools', Product: { Name: 'Late promo' } } },
    });
    expect(data.StartDateTime).toEqual({
      SmpteDateTime: {
        '@broadcastDate': DAY,
        '@utcStartofBroadcastDay': '2027-06-07T04:00:00Z',
        '@frameRate': '29.97',
        SmpteTimeCode: `${spots[0]!.local_time};00`,
      },
    });
    expect(data.LengthOption).toEqual({ Duration: { SmpteDuration: { '@frameRate': '29.97', SmpteTimeCode: '00:00:30;00' } } });
    expect(data.StartMode).toBe('Follow');
    expect(data.EndMode).toBe('Duration');
    expect(first.Content).toEqual({
      ContentId: { HouseNumber: house },
      Name: 'BobTools – Late promo',
      DefaultLength: { SmpteDuration: { '@frameRate': '29.97', SmpteTimeCode: '00:00:30;00' } },
    });

    // After midnight: the calendar date it airs on, and that date's start.
    const late = (events[5]!.EventData as Node).StartDateTime as Node;
    expect(spots[2]!.local_time < '01:00:00').toBe(true);
    expect(late).toEqual({
      SmpteDateTime: {
        '@broadcastDate': '2027-06-08',
        '@utcStartofBroadcastDay': '2027-06-08T04:00:00Z',
        '@frameRate': '29.97',
        SmpteTimeCode: `${spots[2]!.local_time};00`,
      },
    });

    // With the SMPTE schema on this machine (not in the repository), the file validates.
    const schemaDir = process.env.BXF_SCHEMA_DIR;
    if (schemaDir) {
      const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'bxf-')), 'log.xml');
      writeFileSync(file, res.body);
      expect(
        execFileSync('xmllint', ['--noout', '--schema', path.join(schemaDir, 'bxfschema.xsd'), file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
      ).toBe('');
    }
  });

  it('keeps characters XML forbids out of the CSV export too', async () => {
    const res = await t.inject({ method: 'GET', url: `/api/traffic/logs/${DAY}/export?format=csv`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('\u0007');
    expect(res.body).toMatch(/,BobTools,Late promo,/);
  });
});

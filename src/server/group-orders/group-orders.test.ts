import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { addDays, type CalendarDate } from '@/shared/dates';
import { stockholmToday } from '@/shared/delivery';
import type { ProductRecord } from '@/shared/catalogue-record';
import type { CreatedGroupOrder, GroupOrderView, OwnEntryView } from '@/shared/group-orders';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { queryRows } from '@/server/db/query-rows';
import { addStaffMember, loginWithPin } from '@tests/helpers/admin';
import { readEml } from '@tests/helpers/eml';
import { pdfText } from '@tests/helpers/ledger';
import { testCustomer } from '@tests/helpers/orders';
import { placeOrder } from '@tests/helpers/place-order';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import { isOpen } from './service';

// TRUST_PROXY lets a test speak as several members' phones (x-forwarded-for), as behind the balancer.
const server = useAdminServer({ env: { TRUST_PROXY: '1' } });
const today = stockholmToday();

type Answer = { error?: string; fieldErrors?: Record<string, string> };
type Created = CreatedGroupOrder & Answer;
type Entry = { entryId: string; editToken: string } & Answer;

const hoodieDesign = { productId: 'hoodie', options: { colour: 'navy' } };
const asMember = (n: number, lang = 'en') => ({
  'x-forwarded-for': `198.51.100.${n}`,
  'accept-language': lang,
});

async function startGroup(body: Record<string, unknown> = {}, lang = 'en') {
  return request<Created>(server, '/api/group-orders', {
    method: 'POST',
    headers: { 'accept-language': lang },
    json: {
      title: 'IFK Juniorer – hoodies',
      closesOn: addDays(today, 14),
      line: hoodieDesign,
      personalisation: { name: true, number: true },
      ...body,
    },
  });
}

async function started(body: Record<string, unknown> = {}): Promise<CreatedGroupOrder> {
  const answer = await startGroup(body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

const tokenQuery = (token: string) => `?token=${encodeURIComponent(token)}`;

function enter(
  group: CreatedGroupOrder,
  entry: Record<string, unknown>,
  headers = asMember(1),
  token = group.shareToken,
) {
  return request<Entry>(server, `/api/group-orders/${group.id}/entries${tokenQuery(token)}`, {
    method: 'POST',
    headers,
    json: entry,
  });
}

/** Enters each entry from an address of its own (asMember(firstMember), then the next); each is taken (201). */
async function enterEach(group: CreatedGroupOrder, entries: Record<string, unknown>[], firstMember: number) {
  for (const [index, entry] of entries.entries())
    expect((await enter(group, entry, asMember(firstMember + index))).status).toBe(201);
}

const view = (group: CreatedGroupOrder, token: string) =>
  request<GroupOrderView & Answer>(server, `/api/group-orders/${group.id}${tokenQuery(token)}`);

const anna = { name: 'Anna Berg', size: 'M', quantity: 1, printName: 'ANNA', printNumber: '7' };

async function setClosesOn(id: string, day: CalendarDate) {
  await server.database.db.execute(sql`UPDATE group_orders SET closes_on = ${day} WHERE id = ${id}`);
}

describe('starting a group order', () => {
  it('answers a share and an organiser token, stored only as hashes', async () => {
    const group = await started();
    expect(group.shareToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(group.organiserToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(group.shareToken).not.toBe(group.organiserToken);
    const [row] = await queryRows<Record<string, unknown>>(
      server.database.db,
      sql`SELECT * FROM group_orders WHERE id = ${group.id}`,
    );
    expect(JSON.stringify(row)).not.toContain(group.shareToken);
    expect(JSON.stringify(row)).not.toContain(group.organiserToken);
  });

  it('refuses a product without sizes, a last day in the past or too far ahead, and an unknown colour', async () => {
    const cap = await startGroup({ line: { productId: 'mossa', options: { colour: 'navy' } } });
    expect(cap.status).toBe(400);
    expect(cap.body.error).toBe('Group orders are for garments with sizes.');
    const past = await startGroup({ closesOn: addDays(today, -1) }, 'sv');
    expect(past.status).toBe(400);
    expect(past.body.fieldErrors?.closesOn).toMatch(/^Välj en sista dag/);
    expect((await startGroup({ closesOn: addDays(today, 181) })).status).toBe(400);
    const colour = await startGroup({ line: { productId: 'hoodie', options: { colour: 'plaid' } } });
    expect(colour.status).toBe(400);
    expect(Object.keys(colour.body.fieldErrors ?? {})).toEqual(['line.options']);
  });
});

describe('members fill in', () => {
  it('a member sees the design but no one’s entries and no price; the organiser sees the tally', async () => {
    const group = await started();
    expect((await enter(group, anna)).status).toBe(201);
    expect(
      (
        await enter(group, {
          ...anna,
          name: 'Erik Ek',
          size: 'L',
          quantity: 2,
          printName: 'ERIK',
          printNumber: '10',
        })
      ).status,
    ).toBe(201);

    const member = await view(group, group.shareToken);
    expect(member.status).toBe(200);
    expect(member.body.role).toBe('member');
    expect(member.body.entries).toEqual([]);
    expect(member.body.sizes).toBeUndefined();
    expect(member.body.quantity).toBeUndefined();
    expect(member.body.unitPrice).toBeUndefined();
    expect(member.body.line).toEqual(hoodieDesign);
    expect(member.body.personalisation).toEqual({ name: true, number: true });
    expect(JSON.stringify(member.body)).not.toContain('Anna');

    const organiser = await view(group, group.organiserToken);
    expect(organiser.body.role).toBe('organiser');
    expect(
      organiser.body.entries.map((e) => [e.name, e.size, e.quantity, e.printName, e.printNumber]),
    ).toEqual([
      ['Anna Berg', 'M', 1, 'ANNA', '7'],
      ['Erik Ek', 'L', 2, 'ERIK', '10'],
    ]);
    expect(organiser.body.sizes).toEqual({ M: 1, L: 2 });
    expect(organiser.body.quantity).toBe(3);
    // 20 is the hoodie's first tier (132 kr) and its minimum; name 40 kr + number 25 kr per garment.
    expect(organiser.body.unitPrice).toBe('197');
    expect(organiser.body.nextTier).toEqual({ quantity: 50, more: 47, unitPrice: '179.375' });

    expect((await view(group, 'x'.repeat(43))).status).toBe(404);
    expect(
      (await view({ ...group, id: '00000000-0000-4000-8000-000000000000' }, group.organiserToken)).status,
    ).toBe(404);
  });

  it('shows members the unit price when the organiser chose to', async () => {
    const group = await started({ showPrice: true, personalisation: { name: false, number: false } });
    const member = await view(group, group.shareToken);
    expect(member.body.unitPrice).toBe('132');
    expect(member.body.entries).toEqual([]);
  });

  it('refuses a hostile entry: script, link, 10 000 garments, missing or unprintable name and number', async () => {
    const group = await started();
    const refused = async (entry: Record<string, unknown>, field: string, lang = 'en') => {
      const answer = await enter(group, entry, asMember(2, lang));
      expect(answer.status, JSON.stringify(entry)).toBe(400);
      expect(Object.keys(answer.body.fieldErrors ?? {}), JSON.stringify(answer.body)).toContain(field);
      return answer.body;
    };
    expect((await refused({ ...anna, printName: '<script>alert(1)</script>' }, 'printName')).error).toMatch(
      /letters, spaces/,
    );
    expect((await refused({ ...anna, printName: 'bit.ly' }, 'printName')).error).toBe(
      'Links and web addresses cannot be printed.',
    );
    await refused({ ...anna, name: 'Visit https://evil.example/win' }, 'name');
    await refused({ ...anna, name: 'A\u0000B' }, 'name');
    await refused({ ...anna, quantity: 10_000 }, 'quantity');
    await refused({ ...anna, quantity: 0 }, 'quantity');
    await refused({ ...anna, size: 'XXXXL' }, 'size');
    await refused({ ...anna, printName: '' }, 'printName');
    await refused({ ...anna, printName: 'ABCDEFGHIJKLMNO' }, 'printName');
    expect((await refused({ ...anna, printNumber: '7a' }, 'printNumber', 'sv')).error).toBe(
      'Numret får ha 1–3 siffror.',
    );
    await refused({ ...anna, printNumber: '1234' }, 'printNumber');
    await refused({ name: 'Anna', size: 'M', quantity: 1 }, 'printName');
    const organiser = await view(group, group.organiserToken);
    expect(organiser.body.entries).toEqual([]);
  });

  it('keeps no name or number on a group that prints none, and takes Nordic letters', async () => {
    const plain = await started({ personalisation: { name: false, number: false } });
    expect((await enter(plain, { ...anna, printName: 'ANNA' })).status).toBe(201);
    const named = await started();
    expect((await enter(named, { ...anna, printName: 'Åsa-Märta', printNumber: '07' })).status).toBe(201);
    const entries = [
      (await view(plain, plain.organiserToken)).body,
      (await view(named, named.organiserToken)).body,
    ].map((v) => v.entries[0]);
    expect(entries[0]).toEqual({ entryId: entries[0]?.entryId, name: 'Anna Berg', size: 'M', quantity: 1 });
    expect(entries[1]?.printName).toBe('Åsa-Märta');
  });

  it('lets a member change and remove their own entry only, with its edit link', async () => {
    const group = await started();
    const first = (await enter(group, anna)).body;
    const second = (await enter(group, { ...anna, name: 'Erik Ek', printName: 'ERIK' })).body;
    const entryPath = (entryId: string, token: string) =>
      `/api/group-orders/${group.id}/entries/${entryId}${tokenQuery(token)}`;

    const own = await request<OwnEntryView>(server, entryPath(first.entryId, first.editToken));
    expect(own.status).toBe(200);
    expect(own.body.entry.name).toBe('Anna Berg');
    expect(own.body.group.entries).toEqual([]);

    const changed = await request<OwnEntryView>(server, entryPath(first.entryId, first.editToken), {
      method: 'PUT',
      json: { ...anna, size: 'S', quantity: 2 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.entry).toMatchObject({ size: 'S', quantity: 2 });

    // Someone else's edit token, the share token, or a made-up one opens nothing.
    for (const token of [second.editToken, group.shareToken, 'A'.repeat(43)]) {
      expect((await request(server, entryPath(first.entryId, token))).status).toBe(404);
      expect(
        (
          await request(server, entryPath(first.entryId, token), {
            method: 'PUT',
            json: { ...anna, size: 'XL' },
          })
        ).status,
      ).toBe(404);
      expect((await request(server, entryPath(first.entryId, token), { method: 'DELETE' })).status).toBe(404);
    }
    const tally = await view(group, group.organiserToken);
    expect(tally.body.sizes).toEqual({ S: 2, M: 1 });

    expect(
      (await request(server, entryPath(first.entryId, first.editToken), { method: 'DELETE' })).status,
    ).toBe(200);
    expect((await request(server, entryPath(first.entryId, first.editToken))).status).toBe(404);
    // An entry id that is no entry's is a 404, with the organiser's token too (found by the hostile table).
    for (const entryId of ['', 'not-a-uuid'])
      expect(
        (await request(server, entryPath(entryId, group.organiserToken), { method: 'DELETE' })).status,
      ).toBe(404);
    // The organiser removes any entry with their own link.
    expect(
      (await request(server, entryPath(second.entryId, group.organiserToken), { method: 'DELETE' })).status,
    ).toBe(200);
    expect((await view(group, group.organiserToken)).body.entries).toEqual([]);
  });
});

describe('the last day, in Europe/Stockholm', () => {
  it('is open through the last day in Stockholm, whatever the time in UTC', () => {
    const group = { closedAt: null, closesOn: '2027-01-15' };
    // 23:30 UTC on the 14th is already the 15th in Stockholm (UTC+1 in winter): still open.
    expect(isOpen(group, stockholmToday(new Date('2027-01-14T23:30:00Z')))).toBe(true);
    // 22:59 UTC on the 15th is 23:59 in Stockholm: the last minute.
    expect(isOpen(group, stockholmToday(new Date('2027-01-15T22:59:00Z')))).toBe(true);
    // 23:00 UTC on the 15th is midnight in Stockholm: closed.
    expect(isOpen(group, stockholmToday(new Date('2027-01-15T23:00:00Z')))).toBe(false);
    // Summer time (UTC+2): 22:00 UTC on 15 July is midnight in Stockholm.
    const summer = { closedAt: null, closesOn: '2027-07-15' };
    expect(isOpen(summer, stockholmToday(new Date('2027-07-15T21:59:00Z')))).toBe(true);
    expect(isOpen(summer, stockholmToday(new Date('2027-07-15T22:00:00Z')))).toBe(false);
  });

  it('takes entries on the last day and refuses them (409) after it, entry changes too', async () => {
    const group = await started();
    await setClosesOn(group.id, today);
    const entry = await enter(group, anna);
    expect(entry.status).toBe(201);
    await setClosesOn(group.id, addDays(today, -1));
    const late = await enter(group, anna, asMember(3, 'sv'));
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('Gruppbeställningen är stängd och tar inte emot fler svar.');
    const path = `/api/group-orders/${group.id}/entries/${entry.body.entryId}${tokenQuery(entry.body.editToken)}`;
    expect((await request(server, path, { method: 'PUT', json: { ...anna, size: 'L' } })).status).toBe(409);
    expect((await request(server, path, { method: 'DELETE' })).status).toBe(409);
    const tally = await view(group, group.organiserToken);
    expect(tally.body.open).toBe(false);
    expect(tally.body.sizes).toEqual({ M: 1 });
  });
});

describe('the last day on the server’s clock', () => {
  // The server reads the day from the process's clock (stockholmToday), so the test moves that
  // clock (Date only: timers, the database and the network keep real time) to the last minute
  // of the last day in Stockholm and to the first minute after it.
  async function enterAt(group: CreatedGroupOrder, instant: string, member: number) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(instant));
    try {
      return await enter(group, { ...anna, name: `Member ${member}` }, asMember(60 + member, 'sv'));
    } finally {
      vi.useRealTimers();
    }
  }

  it('accepts an entry at 23:59 Stockholm time on the last day and refuses one at 00:00 the next day, winter and summer', async () => {
    const winter = await started();
    await setClosesOn(winter.id, '2027-01-15' as CalendarDate);
    // UTC+1 in January: 22:59 UTC is 23:59 in Stockholm, 23:00 UTC is midnight.
    expect((await enterAt(winter, '2027-01-15T22:59:00Z', 1)).status).toBe(201);
    const late = await enterAt(winter, '2027-01-15T23:00:00Z', 2);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('Gruppbeställningen är stängd och tar inte emot fler svar.');

    const summer = await started();
    await setClosesOn(summer.id, '2027-07-15' as CalendarDate);
    // UTC+2 in July: 21:59 UTC is 23:59 in Stockholm, 22:00 UTC is midnight.
    expect((await enterAt(summer, '2027-07-15T21:59:00Z', 3)).status).toBe(201);
    expect((await enterAt(summer, '2027-07-15T22:00:00Z', 4)).status).toBe(409);
    // Earlier in the day in UTC but already the next day in Stockholm: refused too.
    expect((await enterAt(summer, '2027-07-15T23:30:00Z', 5)).status).toBe(409);
    expect((await view(summer, summer.organiserToken)).body.entries.map((e) => e.name)).toEqual(['Member 3']);
  });
});

describe('throttles and limits', () => {
  it('refuses a flood from one phone (429) and caps a group at 300 entries (409)', async () => {
    const group = await started({ personalisation: { name: false, number: false } });
    const flood = await Promise.all(
      Array.from({ length: 61 }, () => enter(group, { name: 'Bot', size: 'M', quantity: 1 }, asMember(9))),
    );
    expect(flood.filter((a) => a.status === 201)).toHaveLength(60);
    const refused = flood.find((a) => a.status === 429);
    expect(refused?.body.error).toMatch(/^Too many entries from the same network/);
    expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);

    // 250 more from five other addresses fill the group; the next one is refused as full.
    for (let member = 10; member < 15; member += 1) {
      const batch = await Promise.all(
        Array.from({ length: 48 }, () =>
          enter(group, { name: 'Member', size: 'L', quantity: 1 }, asMember(member)),
        ),
      );
      expect(batch.every((a) => a.status === 201)).toBe(true);
    }
    expect((await view(group, group.organiserToken)).body.entries).toHaveLength(300);
    const full = await enter(group, { name: 'Late', size: 'L', quantity: 1 }, asMember(20));
    expect(full.status).toBe(409);
    expect(full.body.error).toBe('This group order is full (300 entries).');
  });
});

describe('closing and ordering', () => {
  it('closes into one line whose sizes sum the entries; the order is priced by the server and its job ticket names each garment', async () => {
    const group = await started();
    const close = () =>
      request<{ lines: Record<string, unknown>[] } & Answer>(
        server,
        `/api/group-orders/${group.id}/close${tokenQuery(group.organiserToken)}`,
        { method: 'POST' },
      );
    expect((await close()).status).toBe(409);
    const members = [
      { name: 'Erik Ek', size: 'L', quantity: 4, printName: 'EK', printNumber: '10' },
      { name: 'Anna Berg', size: 'M', quantity: 1, printName: 'ANNA', printNumber: '7' },
      { name: 'Sara Lind', size: 'S', quantity: 10, printName: 'LIND', printNumber: '3' },
      { name: 'Olle Nord', size: 'XL', quantity: 6, printName: 'OLLE', printNumber: '99' },
    ];
    await enterEach(group, members, 30);
    // The share token cannot close it.
    expect(
      (
        await request(server, `/api/group-orders/${group.id}/close${tokenQuery(group.shareToken)}`, {
          method: 'POST',
        })
      ).status,
    ).toBe(404);

    const closed = await close();
    expect(closed.status).toBe(200);
    const [line] = closed.body.lines;
    expect(line).toMatchObject({ productId: 'hoodie', quantity: 21, sizes: { S: 10, M: 1, L: 4, XL: 6 } });
    const garments = (line?.group as { garments: { member: string; size: string; printName: string }[] })
      .garments;
    expect(garments).toHaveLength(21);
    // Each garment names its member's entry (the second made): the packing list's bag.
    expect(garments[0]).toEqual({
      member: 'Anna Berg',
      entry: 2,
      size: 'M',
      printName: 'ANNA',
      printNumber: '7',
    });
    // Closed: no more entries; closing again answers the same line.
    expect((await enter(group, anna, asMember(40))).status).toBe(409);
    expect((await close()).body.lines).toEqual(closed.body.lines);
    expect((await view(group, group.shareToken)).body).toMatchObject({ open: false, closed: true });

    // A forged list (a garment fewer than the line) is refused by the checkout.
    const forged = {
      ...line,
      group: { personalisation: { name: true, number: true }, garments: garments.slice(1) },
    };
    const refused = await request<Answer>(server, '/api/orders', {
      method: 'POST',
      json: { idempotencyKey: `group-forged-${Date.now()}-abcdef`, customer: testCustomer, lines: [forged] },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fieldErrors ?? {})).toEqual(['lines.0.group']);

    const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
      method: 'POST',
      json: {
        idempotencyKey: `group-order-${Date.now()}-abcdef`,
        customer: testCustomer,
        lines: closed.body.lines,
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    // 21 × (132 kr at the 20 tier + 40 kr name + 25 kr number) = 4 137 kr.
    expect(placed.body.total).toBe('4137.00');

    const ticket = await fetch(`${server.url}/api/admin/orders/${placed.body.orderNumber}/job-ticket.pdf`, {
      headers: { cookie: server.cookie },
    });
    expect(ticket.status).toBe(200);
    const text = await pdfText(new Uint8Array(await ticket.arrayBuffer()));
    expect(text).toContain('21 plagg med namn och nummer per person');
    expect(text).toContain('1. M · Anna Berg · tryck: ANNA 7');
    expect(text).toContain('2. L · Erik Ek · tryck: EK 10');
    expect(text).toContain('21. S · Sara Lind · tryck: LIND 3');
  });
});

describe('the packing list', () => {
  it('lists each garment sorted by member, one bag per entry (two of one name packed apart), as PDF and as CSV (formula-safe), for production; 404 for an order without a group', async () => {
    const group = await started();
    const members = [
      { name: 'Örjan Öst', size: 'XL', quantity: 1, printName: 'ÖST', printNumber: '4' },
      { name: 'Erik Ek', size: 'L', quantity: 2, printName: 'EK', printNumber: '10' },
      { name: '=1+2', size: 'S', quantity: 1, printName: 'FORMEL', printNumber: '1' },
      { name: 'Anna Berg', size: 'M', quantity: 16, printName: 'ANNA', printNumber: '7' },
      { name: 'Erik Ek', size: 'S', quantity: 1, printName: 'EK', printNumber: '9' },
    ];
    await enterEach(group, members, 50);
    const closed = await request<{ lines: Record<string, unknown>[] }>(
      server,
      `/api/group-orders/${group.id}/close${tokenQuery(group.organiserToken)}`,
      { method: 'POST' },
    );
    expect(closed.status).toBe(200);
    const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
      method: 'POST',
      json: {
        idempotencyKey: `group-packing-${Date.now()}-abcdef`,
        customer: { ...testCustomer, companyName: 'IFK Juniorer' },
        lines: closed.body.lines,
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);

    const person = await addStaffMember(server, server.cookie, { name: 'Pia Packare', role: 'production' });
    const printer = await loginWithPin(server, person.pin, '203.0.113.77');
    const base = `${server.url}/api/admin/orders/${placed.body.orderNumber}/packing-list`;

    const csv = await fetch(`${base}.csv`, { headers: { cookie: printer } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = (await csv.text()).trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      '"order","line","member","size","print_name","print_number","product","product_name","colour_name","bag"',
    );
    expect(rows).toHaveLength(1 + 21);
    // By member (Swedish order: Ö after the Latin letters), then entry, then size, smallest first.
    // The two entries named Erik Ek are two bags (3 and 4), not one: two people may share a name.
    const cells = rows.slice(1).map((row) => row.split(',').slice(2, 6).join(','));
    const bags = rows.slice(1).map((row) => row.split(',').at(-1));
    expect(cells[0]).toBe(`"'=1+2","S","FORMEL","1"`);
    expect(cells[1]).toBe('"Anna Berg","M","ANNA","7"');
    expect(cells[17]).toBe('"Erik Ek","L","EK","10"');
    expect(cells[18]).toBe('"Erik Ek","L","EK","10"');
    expect(cells[19]).toBe('"Erik Ek","S","EK","9"');
    expect(cells[20]).toBe('"Örjan Öst","XL","ÖST","4"');
    expect([bags[0], bags[1], bags[16], bags[17], bags[18], bags[19], bags[20]]).toEqual([
      '"1"',
      '"2"',
      '"2"',
      '"3"',
      '"3"',
      '"4"',
      '"5"',
    ]);
    expect(rows[1]).toMatch(new RegExp(`^"${placed.body.orderNumber}","1",`));

    const pdf = await fetch(`${base}.pdf`, { headers: { cookie: printer } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(`Packlista ${placed.body.orderNumber}`);
    expect(text).toContain('21 plagg till 5 personer, sorterade per person');
    expect(text).toContain('2. Anna Berg – 16 st');
    expect(text).toContain('3. Erik Ek – 2 st');
    expect(text).toContain('4. Erik Ek – 1 st');
    expect(text).not.toContain('Erik Ek – 3 st');
    expect(text).toContain('S · tryck: EK 9 · Hoodie');
    expect(text).toContain('XL · tryck: ÖST 4');
    expect(text.indexOf('Anna Berg')).toBeLessThan(text.indexOf('Erik Ek'));
    expect(text.indexOf('Erik Ek')).toBeLessThan(text.indexOf('Örjan Öst'));

    // An order that did not come from a group has no packing list; an unknown order neither.
    const plain = await placeOrder(server);
    const none = await fetch(`${server.url}/api/admin/orders/${plain.orderNumber}/packing-list.pdf`, {
      headers: { cookie: printer, 'accept-language': 'en' },
    });
    expect(none.status).toBe(404);
    expect(((await none.json()) as Answer).error).toBe('This order has no garments from a group order.');
    expect(
      (
        await fetch(`${server.url}/api/admin/orders/INV-999999/packing-list.csv`, {
          headers: { cookie: printer },
        })
      ).status,
    ).toBe(404);
    // Without a staff session: no list.
    expect((await fetch(`${base}.csv`)).status).toBe(401);
  });
});

describe('a member’s receipt', () => {
  function receipts(to: string): { subject: string; text: string }[] {
    const dir = join(server.dataDir, 'outbox');
    return readdirSync(dir)
      .filter((name) => name.startsWith('group-receipt-'))
      .sort()
      .map((name) => readFileSync(join(dir, name), 'utf8'))
      .filter((raw) => /^To: (.*)$/m.exec(raw)?.[1] === to)
      .map((raw) => readEml(raw));
  }

  it('mails the member’s own entry in their language, with a link and none of the text strangers typed; refuses a bad address; five an hour per address', async () => {
    const group = await started({ title: 'Click http://evil.example now' });
    const hostileName = { ...anna, name: 'Call 555 – FREE PRIZE', printName: 'PRIZE', printNumber: '66' };
    const entry = await enter(group, { ...hostileName, email: 'member@example.se' }, asMember(70, 'sv'));
    expect(entry.status).toBe(201);
    await server.app.emailOutbox.drain();
    const [mail, ...more] = receipts('member@example.se');
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Ditt svar i en gruppbeställning');
    expect(mail?.text).toContain('1 st i storlek M');
    // The shop's link's random ids and token may hold any two digits: the text around it is what
    // counts (a stranger's link, were it mailed, stays in and is caught).
    const ownLink = `${server.config.publicBaseUrl}/group/`;
    const withoutLink = (mail?.text ?? '')
      .split(/\s+/)
      .filter((word) => !word.startsWith(ownLink))
      .join(' ');
    for (const stranger of ['FREE PRIZE', 'PRIZE', 'evil.example', 'Click', '66'])
      expect(withoutLink).not.toContain(stranger);
    const link = /\/group\/([0-9a-f-]{36})\?entry=([0-9a-f-]{36})&token=([\w%-]+)/.exec(mail?.text ?? '');
    expect(link?.[1]).toBe(group.id);
    expect(link?.[2]).toBe(entry.body.entryId);
    // The emailed link opens the member's own entry, as the edit link does.
    const own = await request<OwnEntryView>(
      server,
      `/api/group-orders/${group.id}/entries/${entry.body.entryId}${tokenQuery(decodeURIComponent(link?.[3] ?? ''))}`,
    );
    expect(own.status).toBe(200);
    expect(own.body.entry.name).toBe('Call 555 – FREE PRIZE');

    const bad = await enter(group, { ...anna, email: 'not-an-address' }, asMember(71));
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors?.email).toBe('Enter a valid email address, or leave the field empty.');

    // The same address at most five times an hour: the entry is kept, the sixth receipt not sent.
    for (let n = 0; n < 6; n += 1)
      expect(
        (await enter(group, { ...anna, email: 'flood@example.se' }, asMember(72 + n, 'en'))).status,
      ).toBe(201);
    await server.app.emailOutbox.drain();
    const flood = receipts('flood@example.se');
    expect(flood).toHaveLength(5);
    expect(flood[0]?.subject).toBe('Your entry in a group order');
    // No address, no receipt row; the organiser never sees an address.
    const organiser = await view(group, group.organiserToken);
    expect(JSON.stringify(organiser.body)).not.toContain('@example.se');
  });
});

const asOwner = <T>(method: string, path: string, json?: unknown) =>
  request<T & Answer>(server, path, {
    method,
    headers: { cookie: server.cookie, 'accept-language': 'en' },
    ...(json === undefined ? {} : { json }),
  });

async function closeAndOrder(group: CreatedGroupOrder, key: string) {
  const closed = await request<{ lines: Record<string, unknown>[] } & Answer>(
    server,
    `/api/group-orders/${group.id}/close${tokenQuery(group.organiserToken)}`,
    { method: 'POST' },
  );
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  const placed = await request<PlacedOrderAnswer & Answer>(server, '/api/orders', {
    method: 'POST',
    json: { idempotencyKey: `${key}-${Date.now()}-abcdef`, customer: testCustomer, lines: closed.body.lines },
  });
  return { lines: closed.body.lines, placed };
}

describe('the personalisation’s price, from the catalogue', () => {
  it('the owner changes a garment’s name price and drops its number: a new group shows it, the checkout charges it', async () => {
    const listed = await asOwner<ProductRecord[]>('GET', '/api/admin/products');
    const crewneck = listed.body.find((p) => p.id === 'crewneck');
    if (!crewneck) throw new Error('no crewneck');
    // Every garment the shop opened with offers both prints at the prices the code had.
    expect(crewneck.personalisationPrices).toEqual({ name: '40', number: '25' });
    expect(listed.body.find((p) => p.id === 'mossa')?.personalisationPrices).toBeUndefined();

    const saved = await asOwner<ProductRecord>('PUT', '/api/admin/products/crewneck', {
      ...crewneck,
      personalisationPrices: { name: '12,50' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.personalisationPrices).toEqual({ name: '12.5' });
    const shop = await request<ProductRecord>(server, '/api/products/crewneck');
    expect(shop.body.personalisationPrices).toEqual({ name: '12.5' });

    const crewDesign = { productId: 'crewneck', options: { colour: 'navy' } };
    // A number is no longer offered on it.
    const refused = await startGroup({ line: crewDesign });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({
      'personalisation.number': 'This product does not offer that print.',
    });

    const group = await started({ line: crewDesign, personalisation: { name: true }, showPrice: true });
    // 143 kr at the 20 tier + 12,50 kr for the name, for the organiser and (shown) the members.
    expect((await view(group, group.organiserToken)).body.unitPrice).toBe('155.5');
    expect((await view(group, group.shareToken)).body.unitPrice).toBe('155.5');
    const kim = { name: 'Kim Ek', size: 'L', quantity: 12, printName: 'KIM' };
    expect((await enter(group, kim, asMember(90))).status).toBe(201);
    expect(
      (await enter(group, { ...kim, name: 'Ida Ek', size: 'S', quantity: 8 }, asMember(91))).status,
    ).toBe(201);
    const { placed } = await closeAndOrder(group, 'crew-name-price');
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    // 20 × (143 + 12,50) = 3 110 kr: the catalogue's price, computed by the server.
    expect(placed.body.total).toBe('3110.00');

    // A line with a number the product no longer prints is refused at checkout, not priced at 0.
    const forged = await request<Answer>(server, '/api/orders', {
      method: 'POST',
      json: {
        idempotencyKey: `crew-forged-${Date.now()}-abcdef`,
        customer: testCustomer,
        lines: [
          {
            ...crewDesign,
            quantity: 20,
            sizes: { L: 20 },
            group: {
              personalisation: { name: false, number: true },
              garments: Array.from({ length: 20 }, () => ({ member: 'Kim', size: 'L', printNumber: '9' })),
            },
          },
        ],
      },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.fieldErrors?.['lines.0.group']).toBe(
      'Line 1: the product no longer offers a printed number.',
    );
  });
});

describe('kids’ sizes', () => {
  it('a kids’ garment’s group takes its sizes only; the tally, the closed line and the order use them', async () => {
    const added = await asOwner<ProductRecord>('POST', '/api/admin/products', {
      id: 'barn-lagtroja',
      names: { sv: 'Barnlagtröja', en: 'Kids’ team shirt' },
      descriptions: { sv: 'Lagtröja för barn.', en: 'Team shirt for kids.' },
      category: 'kläder',
      kind: 'tiers',
      image: 'tshirt-bomull',
      garment: true,
      sizeSet: 'kids',
      personalisationPrices: { number: '20' },
      tiers: [
        { quantity: 20, pricePerUnit: '89' },
        { quantity: 50, pricePerUnit: '79' },
      ],
      options: [{ id: 'colour', choices: [{ id: 'navy' }, { id: 'red' }] }],
      facts: {},
      visible: true,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const group = await started({
      line: { productId: 'barn-lagtroja', options: { colour: 'red' } },
      personalisation: { number: true },
    });
    const adultSize = await enter(group, { name: 'Alva', size: 'M', quantity: 1, printNumber: '5' });
    expect(adultSize.status).toBe(400);
    expect(adultSize.body.fieldErrors?.size).toBe(
      'Choose one of the product’s sizes: 98/104, 110/116, 122/128, 134/140, 146/152, 158/164.',
    );
    const alva = await enter(
      group,
      { name: 'Alva', size: '110/116', quantity: 8, printNumber: '5' },
      asMember(92),
    );
    expect(alva.status).toBe(201);
    expect(
      (await enter(group, { name: 'Noah', size: '122/128', quantity: 12, printNumber: '14' }, asMember(93)))
        .status,
    ).toBe(201);
    // The member changes to a kids' size through the edit link; an adult size is refused there too.
    const edit = `/api/group-orders/${group.id}/entries/${alva.body.entryId}${tokenQuery(alva.body.editToken)}`;
    const changed = await request<OwnEntryView & Answer>(server, edit, {
      method: 'PUT',
      json: { name: 'Alva', size: '98/104', quantity: 8, printNumber: '5' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.entry.size).toBe('98/104');
    expect(
      (
        await request(server, edit, {
          method: 'PUT',
          json: { name: 'Alva', size: 'XL', quantity: 8, printNumber: '5' },
        })
      ).status,
    ).toBe(400);

    const tally = await view(group, group.organiserToken);
    expect(tally.body.sizes).toEqual({ '98/104': 8, '122/128': 12 });
    expect(tally.body.entries.map((e) => e.size)).toEqual(['98/104', '122/128']);
    // 89 kr + 20 kr for the number.
    expect(tally.body.unitPrice).toBe('109');

    const { lines, placed } = await closeAndOrder(group, 'kids-group');
    expect(lines[0]).toMatchObject({ quantity: 20, sizes: { '98/104': 8, '122/128': 12 } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.total).toBe('2180.00');
    const csv = await fetch(`${server.url}/api/admin/orders/${placed.body.orderNumber}/packing-list.csv`, {
      headers: { cookie: server.cookie },
    });
    const rows = (await csv.text()).trimEnd().split('\r\n');
    expect(rows.slice(1).map((row) => row.split(',').slice(2, 4).join(','))[0]).toBe('"Alva","98/104"');
  });
});

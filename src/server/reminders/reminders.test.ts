import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@/shared/admin';
import { addDays, stockholmDate, type CalendarDate } from '@/shared/dates';
import { ocrReference } from '@/shared/invoicing/ocr-reference';
import type { OrderMoney } from '@/shared/ledger';
import { daysOverdue, lastDayToPay } from '@/shared/receivables/aging';
import type { OrderRemindersAnswer } from '@/shared/receivables/reminders';
import { readEml } from '@tests/helpers/eml';
import { emlPdfAttachments, fetchValidSie, pdfText, sieVerifications } from '@tests/helpers/ledger';
import { insertTestOrder } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import { sendScheduledReminders } from './schedule';

const today = () => stockholmDate(new Date());
/** The day an order is placed so that its invoice (30 days net) is `late` days overdue today. */
const placedFor = (late: number): CalendarDate => addDays(today(), -late - 30);
/** Noon in Stockholm that day, as an instant. */
const noon = (day: string) => new Date(`${day}T10:00:00Z`);

// Reference rate 2,00 % for every day: dröjsmålsränta 10 %. Individuals agreed to a 60 kr reminder
// fee in orders placed from 69 days before today on (not in an order placed before that).
const server = useAdminServer({
  env: {
    REFERENCE_RATES: '2.00@2020-01-01',
    REMINDER_FEE_INDIVIDUAL: `60@${addDays(stockholmDate(new Date()), -69)}`,
  },
});
const swedish = () => `${server.cookie}; lang=sv`;

type SendAnswer = OrderMoney & { reminder?: string; total?: string; error?: string };

const send = (number: string, json: Record<string, unknown> = {}, cookie = swedish()) =>
  request<SendAnswer>(server, `/api/admin/orders/${number}/reminders`, {
    method: 'POST',
    headers: { cookie },
    json,
  });
const state = async (number: string) =>
  (
    await request<OrderRemindersAnswer>(server, `/api/admin/orders/${number}/reminders`, {
      headers: { cookie: swedish() },
    })
  ).body;
const detail = async (number: string) =>
  (await request<AdminOrderDetail>(server, `/api/admin/orders/${number}`, { headers: { cookie: swedish() } }))
    .body;
const pay = (number: string, amount: string, invoice?: string) =>
  request(server, `/api/admin/orders/${number}/payments`, {
    method: 'POST',
    headers: { cookie: swedish() },
    json: { amount, paidOn: today(), ...(invoice ? { invoice } : {}) },
  });

async function company(late: number) {
  return insertTestOrder(server.database, { orderDate: noon(placedFor(late)) });
}
async function individual(late: number) {
  return insertTestOrder(server.database, {
    orderDate: noon(placedFor(late)),
    customerType: 'personal',
    customerOrganization: null,
    customerOrgNumber: null,
    customerPersonalNumber: '19811218-9876',
    customerName: 'Bo Berg',
    customerEmail: `bo-${late}-${Math.random().toString(36).slice(2)}@example.se`,
  });
}

/** Interest in öre: amount × 10 % × days / 365, rounded half-up (the test's own arithmetic). */
const interestOre = (amountOre: number, days: number) =>
  Math.floor((amountOre * 10 * days * 2) / 36500 + 1) >> 1;
const kr = (ore: number) => `${Math.floor(ore / 100)}.${String(ore % 100).padStart(2, '0')}`;

function outbox(orderNumber: string, kind: string): string[] {
  const dir = join(server.dataDir, 'outbox');
  return readdirSync(dir)
    .filter((name) => name.startsWith(`${orderNumber}-`) && name.endsWith(`-${kind}.eml`))
    .sort()
    .map((name) => readFileSync(join(dir, name), 'utf8'));
}

describe('sending a reminder: when it is refused (409)', () => {
  it('nothing overdue: an invoice not yet due answers 409 with a clear message (sv and en), and nothing is issued', async () => {
    const order = await company(-5);
    const answer = await send(order.orderNumber);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe('Ingen faktura på ordern är förfallen: det finns inget att påminna om.');
    const english = await send(order.orderNumber, {}, `${server.cookie}; lang=en`);
    expect(english.status).toBe(409);
    expect(english.body.error).toBe('No invoice of the order is overdue: there is nothing to remind of.');
    expect((await detail(order.orderNumber)).documents.map((d) => d.kind)).toEqual(['invoice']);
  });

  it('paid, credited or disputed: 409 each, nothing issued; a lifted dispute lets the reminder go', async () => {
    const paid = await company(40);
    expect((await pay(paid.orderNumber, '5718.75')).status).toBe(201);
    const paidAnswer = await send(paid.orderNumber, { invoice: paid.orderNumber });
    expect(paidAnswer.status).toBe(409);
    expect(paidAnswer.body.error).toBe('Fakturan är redan betald: ingen påminnelse skickas.');

    const credited = await company(40);
    const credit = await request(server, `/api/admin/orders/${credited.orderNumber}/credit-notes`, {
      method: 'POST',
      headers: { cookie: swedish() },
      json: { reason: 'Fel tryck' },
    });
    expect(credit.status).toBe(201);
    const creditedAnswer = await send(credited.orderNumber);
    expect(creditedAnswer.status).toBe(409);
    expect(creditedAnswer.body.error).toBe('Fakturan är krediterad: ingen påminnelse skickas.');

    const disputed = await company(40);
    const noNote = await request<{ error: string }>(
      server,
      `/api/admin/orders/${disputed.orderNumber}/dispute`,
      {
        method: 'POST',
        headers: { cookie: swedish() },
        json: { note: '  ' },
      },
    );
    expect(noNote.status).toBe(400);
    const marked = await request<OrderRemindersAnswer>(
      server,
      `/api/admin/orders/${disputed.orderNumber}/dispute`,
      {
        method: 'POST',
        headers: { cookie: swedish() },
        json: { note: 'Kunden säger att 10 tröjor saknades' },
      },
    );
    expect(marked.status).toBe(201);
    expect(marked.body.invoices[0]).toMatchObject({
      blocked: 'disputed',
      dispute: { note: 'Kunden säger att 10 tröjor saknades', by: 'Ägare' },
    });
    const disputedAnswer = await send(disputed.orderNumber);
    expect(disputedAnswer.status).toBe(409);
    expect(disputedAnswer.body.error).toBe(
      'Fakturan är bestridd: häv bestridandet innan en påminnelse skickas.',
    );
    for (const order of [paid, credited, disputed])
      expect((await detail(order.orderNumber)).documents.some((d) => d.kind === 'reminder')).toBe(false);

    // The dispute is in the order's history (who, what), and lifting it lets a reminder go.
    const history = await request<{ events: { action: string; staff: string; after: unknown }[] }>(
      server,
      `/api/admin/orders/${disputed.orderNumber}/history`,
      { headers: { cookie: swedish() } },
    );
    expect(
      history.body.events.some(
        (event) =>
          event.action === 'reminder' &&
          event.staff === 'Ägare' &&
          (event.after as { disputed?: boolean } | null)?.disputed === true,
      ),
    ).toBe(true);
    const lifted = await request<OrderRemindersAnswer>(
      server,
      `/api/admin/orders/${disputed.orderNumber}/dispute`,
      {
        method: 'DELETE',
        headers: { cookie: swedish() },
      },
    );
    expect(lifted.status).toBe(200);
    expect(lifted.body.invoices[0]?.dispute).toBeNull();
    expect((await send(disputed.orderNumber)).status).toBe(201);
  });

  it('an unknown order is 404; an unknown invoice or a credit note is refused', async () => {
    expect((await send('INV-1')).status).toBe(404);
    const order = await company(40);
    expect((await send(order.orderNumber, { invoice: 'INV-99' })).status).toBe(404);
    expect((await send(order.orderNumber, { invoice: 'nonsense' })).status).toBe(400);
  });
});

describe('a company invoice 40 days overdue', () => {
  it('gets 450 kr förseningsersättning and interest for those days at the reference rate + 8, to the öre, as a stored document with its PDF and email', async () => {
    const order = await company(40);
    const dueOn = addDays(placedFor(40), 30);
    const days = daysOverdue(dueOn, today());
    // 40 days unless the due date fell on a weekend or holiday (the last day to pay moves on).
    expect(days).toBe(lastDayToPay(dueOn) === dueOn ? 40 : days);
    const interest = interestOre(571_875, days);
    if (days === 40) expect(interest).toBe(6267); // 5 718,75 kr × 10 % × 40 / 365 = 62,6712… kr
    const answer = await send(order.orderNumber);
    expect(answer.status).toBe(201);
    expect(answer.body.total).toBe(kr(45_000 + interest));
    const reminderNumber = answer.body.reminder ?? '';
    expect(reminderNumber).toMatch(/^PAM-\d+$/);

    // A document of its own: in the order's documents, payable, counted in the order's balance.
    const order2 = await detail(order.orderNumber);
    const reminder = order2.documents.find((d) => d.kind === 'reminder');
    expect(reminder).toMatchObject({
      kind: 'reminder',
      number: reminderNumber,
      issuedOn: today(),
      dueOn: addDays(today(), 10),
      total: kr(45_000 + interest),
      vat: '0.00',
      reminds: order.orderNumber,
      balance: kr(45_000 + interest),
      pdf: `/api/admin/orders/${order.orderNumber}/documents/${reminderNumber}.pdf`,
    });
    expect(order2.balance).toBe(kr(571_875 + 45_000 + interest));

    // Its PDF shows how the interest was computed: the days, the rate, the amount it ran on.
    const pdf = await fetch(`${server.url}${reminder?.pdf ?? ''}`, { headers: { cookie: server.cookie } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toContain(`Paminnelse_${reminderNumber}.pdf`);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Betalningspåminnelse');
    expect(text).toContain('Förseningsersättning (lag 1981:739, 4 a §)');
    // Between businesses the interest is räntelagen 4 a § (and 6 §'s rate).
    expect(text).toContain('Dröjsmålsränta (räntelagen 4 a §, 6 §)');
    expect(text).toContain(`${days} × 5 718,75 kr × 10,00 % / 365 (referensränta 2,00 % + 8)`);
    expect(text).toContain(`${kr(interest).replace('.', ',')} kr`);
    const ocr = ocrReference(reminderNumber.slice(4));
    expect(text).toContain(`OCR ${ocr}`);

    // Emailed to the buyer in the invoice's language, with the order page link, the OCRs and the PDF.
    await server.app.emailOutbox.drain();
    const [eml] = outbox(order.orderNumber, 'reminder');
    expect(eml).toBeDefined();
    const mail = readEml(eml ?? '');
    expect(mail.subject).toBe(`Påminnelse: faktura ${order.orderNumber} (order ${order.orderNumber})`);
    expect(mail.text).toContain(`OCR ${ocr}`);
    expect(mail.text).toContain(`OCR ${ocrReference(order.orderNumber.slice(4))}`);
    expect(mail.text).toContain(`${server.config.publicBaseUrl}/orders/${order.orderNumber}#`);
    expect(emlPdfAttachments(eml ?? '').map((a) => a.name)).toEqual([`Paminnelse_${reminderNumber}.pdf`]);

    // Booked like any invoice: 1510 against 3930 (the fee) and 8313 (the interest), no VAT.
    const sie = await fetchValidSie(
      server.url,
      `/api/admin/sie?from=${addDays(today(), -1)}&to=${today()}`,
      server.cookie,
    );
    const verification = sieVerifications(sie).find((v) => v.text.startsWith(`Påminnelse ${reminderNumber}`));
    expect(verification?.transactions).toEqual([
      { account: '1510', ore: 45_000 + interest },
      { account: '3930', ore: -45_000 },
      { account: '8313', ore: -interest },
    ]);

    // The 450 kr once per invoice: a second reminder the same day would charge neither fee nor
    // interest again, so none is made (no number, no email).
    const again = await send(order.orderNumber);
    expect(again.status).toBe(409);
    expect((again.body as unknown as { error: string }).error).toContain('ingen påminnelse skapas');

    // Payable like an invoice: paying the reminder's amount to it settles it.
    expect((await pay(order.orderNumber, kr(45_000 + interest), reminderNumber)).status).toBe(201);
    const after = await detail(order.orderNumber);
    expect(after.documents.find((d) => d.number === reminderNumber)?.balance).toBe('0.00');
    expect(after.balance).toBe('5718.75');
  });

  it('interest runs on what is unpaid: a part payment lowers it from the day after it arrived', async () => {
    const order = await company(40);
    await pay(order.orderNumber, '1718.75');
    const answer = await send(order.orderNumber);
    const dueOn = addDays(placedFor(40), 30);
    const days = daysOverdue(dueOn, today());
    // Paid today: every late day up to today ran on the whole amount (the payment counts from tomorrow).
    expect(answer.body.total).toBe(kr(45_000 + interestOre(571_875, days)));
  });
});

describe("in the invoice's language", () => {
  it('an invoice in English (a buyer abroad) gets its reminder PDF and email in English', async () => {
    const order = await insertTestOrder(server.database, {
      orderDate: noon(placedFor(40)),
      countryCode: 'DE',
      customerAddress: 'Hauptstraße 1, 10115 Berlin, Germany',
    });
    const answer = await send(order.orderNumber);
    expect(answer.status).toBe(201);
    const reminderNumber = answer.body.reminder ?? '';
    const pdf = await fetch(
      `${server.url}/api/admin/orders/${order.orderNumber}/documents/${reminderNumber}.pdf`,
      { headers: { cookie: server.cookie } },
    );
    expect(pdf.headers.get('content-disposition')).toContain(`Reminder_${reminderNumber}.pdf`);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Payment reminder');
    expect(text).toContain('Late-payment compensation (Swedish Act 1981:739, s. 4 a)');
    expect(text).not.toContain('Betalningspåminnelse');

    await server.app.emailOutbox.drain();
    const [eml] = outbox(order.orderNumber, 'reminder');
    const mail = readEml(eml ?? '');
    expect(mail.subject).toBe(`Reminder: invoice ${order.orderNumber} (order ${order.orderNumber})`);
    expect(mail.text).toContain(`OCR ${ocrReference(reminderNumber.slice(4))}`);
    expect(emlPdfAttachments(eml ?? '').map((a) => a.name)).toEqual([`Reminder_${reminderNumber}.pdf`]);
  });
});

describe("an individual's invoice gets only what the terms allow", () => {
  it('terms without a reminder fee when the order was placed: interest only', async () => {
    const order = await individual(40); // placed 70 days ago, before the fee came into the terms
    const answer = await send(order.orderNumber);
    expect(answer.status).toBe(201);
    const days = daysOverdue(addDays(placedFor(40), 30), today());
    expect(answer.body.total).toBe(kr(interestOre(571_875, days)));
    const reminders = await state(order.orderNumber);
    expect(reminders.buyerKind).toBe('individual');
    expect(reminders.invoices[0]?.reminders).toHaveLength(1);
  });

  it('terms with a 60 kr reminder fee: 60 kr once, and interest', async () => {
    const order = await individual(39); // placed 69 days ago, when the terms said 60 kr
    const preview = (await state(order.orderNumber)).invoices[0]?.preview;
    const days = daysOverdue(addDays(placedFor(39), 30), today());
    expect(preview).toMatchObject({
      fee: '60.00',
      feeKind: 'reminder_fee',
      interest: kr(interestOre(571_875, days)),
    });
    const answer = await send(order.orderNumber);
    expect(answer.body.total).toBe(kr(6000 + interestOre(571_875, days)));
    const reminderNumber = answer.body.reminder ?? '';
    const pdf = await fetch(
      `${server.url}/api/admin/orders/${order.orderNumber}/documents/${reminderNumber}.pdf`,
      {
        headers: { cookie: server.cookie },
      },
    );
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Påminnelseavgift (enligt köpvillkoren)');
    expect(text).not.toContain('Förseningsersättning');
    // An individual: interest from the due date set in advance (räntelagen 4 §) at 6 §'s rate; the
    // business rule (4 a §) is cited nowhere.
    expect(text).toContain('Dröjsmålsränta (räntelagen 4 §, 6 §)');
    expect(text).not.toContain('4 a §');
    expect((await send(order.orderNumber)).status).toBe(409);
  });
});

describe('automatic reminders (the schedule)', () => {
  it('off by default; on, one reminder for the step that is due, never two for one step', async () => {
    expect(server.config.receivables.reminderSchedule).toEqual([]);
    expect(await sendScheduledReminders({ config: server.config, database: server.database })).toBe(0);
    const order = await company(40);
    // An order written straight into the table gets its invoice document at first use (a checkout stores it).
    await state(order.orderNumber);
    const scheduled = {
      config: { ...server.config, receivables: { ...server.config.receivables, reminderSchedule: [10, 30] } },
      database: server.database,
    };
    const first = await sendScheduledReminders(scheduled);
    expect(first).toBeGreaterThanOrEqual(1);
    expect(await sendScheduledReminders(scheduled)).toBe(0);
    const [invoice] = (await state(order.orderNumber)).invoices;
    // 40 days late: the step of 30 days is due (the step of 10 is past; only the latest goes out).
    expect(invoice?.reminders).toEqual([expect.objectContaining({ step: 2 })]);
    // A reminder sent by hand after a step's day counts for it: the schedule sends nothing more.
    const manual = await company(35);
    await state(manual.orderNumber);
    expect((await send(manual.orderNumber)).status).toBe(201);
    await sendScheduledReminders(scheduled);
    expect((await state(manual.orderNumber)).invoices[0]?.reminders).toHaveLength(1);
  });
});

import { blankCustomer } from '@/shared/customer-fields';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Product } from '@/shared/catalogue';
import type { Customer } from '@/shared/checkout-schema';
import { stockholmToday } from '@/shared/delivery';
import {
  groupIdPattern,
  memberNameProblem,
  personalisationOffered,
  printNameProblem,
  printNumberProblem,
  type GroupEntryView,
  type GroupOrderView,
} from '@/shared/group-orders';
import { groupOrderMessages, printTextProblemText } from '@/shared/i18n/messages/group-orders';
import type { Locale } from '@/shared/i18n/locale';
import { formatCount } from '@/shared/money-format';
import { hasSizes, productSizeCodes, sizeCodesOf } from '@/shared/sizes';
import type { CatalogueContext } from '@/server/context';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { type ContractApi, refusals, routesAnswering } from '@/server/http/route-scope';
import { refuseOverHourlyLimits, type HourlyLimit } from '@/server/http/hourly-limits';
import { clientKey, takeAllowancesInTurn } from '@/server/http/throttle';
import { OrderError, priceCheckout } from '@/server/orders';
import {
  closedSchema,
  createBody,
  createdEntrySchema,
  createdSchema,
  entryBody,
  entryParams,
  groupParams,
  groupViewSchema,
  ownEntrySchema,
  tokenQuery,
} from './contract';
import {
  addEntry,
  closeGroup,
  closesOnAllowed,
  createGroup,
  findEntryForToken,
  findGroupForToken,
  groupEntries,
  groupTally,
  GroupOrderError,
  isOpen,
  removeEntry,
  tokenHash,
  updateEntry,
  type EntryInput,
  type EntryRow,
  type GroupRow,
  type GroupRole,
} from './service';

const HOUR_SECONDS = 60 * 60;
/** Groups one client may start per hour. */
const GROUPS_PER_CLIENT_PER_HOUR = 20;
/** Entries, changes and removals one client may send to one group per hour (a phone passed round). */
const ENTRIES_PER_CLIENT_PER_GROUP_PER_HOUR = 60;
/** Entries, changes and removals one group takes per hour from everyone together. */
const ENTRIES_PER_GROUP_PER_HOUR = 600;
/** Receipts one address is sent per hour, whatever the group: the form mails no one a flood. */
const RECEIPTS_PER_ADDRESS_PER_HOUR = 5;

/**
 * Only used to check a design as the checkout would price it (a Swedish company: no VIES, no EUR);
 * never stored. The organiser's own details are asked at checkout, as for any order.
 */
const referenceBuyer: Customer = {
  ...blankCustomer,
  customerType: 'company',
  name: 'Group order',
  companyName: 'Group order',
  email: 'group-order@example.invalid',
};

/** A member's entries an hour: from one client to the group, and to the group from anyone. */
function entryLimits(
  request: FastifyRequest,
  groupId: string,
  refusal: HourlyLimit['refusal'],
): HourlyLimit[] {
  return [
    {
      bucket: `group-entries:${groupId}:${clientKey(request)}`,
      max: ENTRIES_PER_CLIENT_PER_GROUP_PER_HOUR,
      refusal,
    },
    { bucket: `group-entries:${groupId}`, max: ENTRIES_PER_GROUP_PER_HOUR, refusal },
  ];
}

/**
 * The prints a group asks for that its product offers no price for (decision 0072): the owner
 * keeps a garment's price per name and per number in the catalogue; without one it is not offered.
 */
function unofferedPrints(
  locale: Locale,
  product: Product | undefined,
  asked: { name: boolean; number: boolean } | undefined,
): Record<string, string> | undefined {
  const offered = personalisationOffered(product?.personalisationPrices);
  const message = groupOrderMessages[locale].personalisationNotOffered;
  const fieldErrors: Record<string, string> = {};
  if (asked?.name && !offered.name) fieldErrors['personalisation.name'] = message;
  if (asked?.number && !offered.number) fieldErrors['personalisation.number'] = message;
  return Object.keys(fieldErrors).length > 0 ? fieldErrors : undefined;
}

/**
 * A member's entry against the group: a size of the product's size set (kids' sizes for a kids'
 * garment, decision 0063), the name and number printed exactly when the group prints
 * them, each printable (no link, letters and digits only; stranger-text.ts), the member's name no link.
 */
function readEntry(
  locale: Locale,
  group: GroupRow,
  product: Product | undefined,
  body: {
    name: string;
    size: EntryInput['size'];
    quantity: number;
    printName?: string | null;
    printNumber?: string | null;
  },
): { entry: EntryInput } | { fieldErrors: Record<string, string> } {
  const t = groupOrderMessages[locale];
  const fieldErrors: Record<string, string> = {};
  const nameProblem = memberNameProblem(body.name);
  if (nameProblem) fieldErrors.name = printTextProblemText(locale, 'name', nameProblem);
  const sizes = sizeCodesOf(product?.sizeSet);
  if (!sizes.includes(body.size)) fieldErrors.size = t.sizeNotInSet({ sizes: sizes.join(', ') });
  const printName = group.printName ? (body.printName ?? '').trim() : '';
  const printNumber = group.printNumber ? (body.printNumber ?? '').trim() : '';
  if (group.printName) {
    const problem = printName === '' ? undefined : printNameProblem(printName);
    if (printName === '') fieldErrors.printName = t.nameRequired;
    else if (problem) fieldErrors.printName = printTextProblemText(locale, 'printName', problem);
  }
  if (group.printNumber) {
    const problem = printNumber === '' ? undefined : printNumberProblem(printNumber);
    if (printNumber === '') fieldErrors.printNumber = t.numberRequired;
    else if (problem) fieldErrors.printNumber = printTextProblemText(locale, 'printNumber', problem);
  }
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors };
  return {
    entry: {
      name: body.name,
      size: body.size,
      quantity: body.quantity,
      printName: group.printName ? printName : null,
      printNumber: group.printNumber ? printNumber : null,
    },
  };
}

function entryView(entry: EntryRow): GroupEntryView {
  return {
    entryId: entry.id,
    name: entry.memberName,
    size: entry.size,
    quantity: entry.quantity,
    ...(entry.printName ? { printName: entry.printName } : {}),
    ...(entry.printNumber ? { printNumber: entry.printNumber } : {}),
  };
}

/** What the token's holder sees: the organiser everything; a member the group, never others' entries. */
function groupView(
  group: GroupRow,
  role: GroupRole,
  entries: readonly EntryRow[],
  product: Product | undefined,
): GroupOrderView {
  const tally = groupTally(group, entries, product);
  const today = stockholmToday();
  const view: GroupOrderView = {
    id: group.id,
    role,
    title: group.title,
    closesOn: group.closesOn,
    open: isOpen(group, today),
    closed: group.closedAt !== null,
    line: group.line,
    personalisation: { name: group.printName, number: group.printNumber },
    showPrice: group.showPrice,
    entries: role === 'organiser' ? entries.map(entryView) : [],
    minQuantity: tally.minQuantity,
  };
  if ((role === 'organiser' || group.showPrice) && tally.unitPrice !== undefined)
    view.unitPrice = tally.unitPrice;
  if (role === 'organiser') {
    view.sizes = tally.sizes;
    view.quantity = tally.quantity;
    if (tally.nextTier) view.nextTier = tally.nextTier;
  }
  return view;
}

/** What each group of routes is registered with. */
interface GroupRouteDeps {
  api: ContractApi;
  context: CatalogueContext;
  database: CatalogueContext['database'];
  productOf: (id: string) => Promise<Product | undefined>;
}

const notFound = (request: FastifyRequest, reply: FastifyReply) =>
  sendError(reply, 404, groupOrderMessages[requestLocale(request)].notFound);

/** Group orders (issue 44): start one, fill in from the share link, tally and close with the organiser's. */
export function groupOrderRoutes(app: FastifyInstance, context: CatalogueContext): void {
  const productOf = async (id: string) => (await context.catalogue.current()).find(id);
  // A GroupOrderError (closed, full, gone) is answered as it is, with its status.
  routesAnswering(app, [GroupOrderError], { context, database: context.database, productOf }, [
    registerStart,
    registerGroupView,
    registerNewEntry,
    registerOwnEntry,
    registerRemoveEntry,
    registerClose,
  ]);
}

/** POST /api/group-orders: the organiser starts a group from a design. */
function registerStart({ api, database, context }: GroupRouteDeps): void {
  api.post(
    '/api/group-orders',
    {
      schema: {
        summary:
          'Start a group order from a design (a line as POST /api/orders without quantity and sizes); answers its share and organiser tokens, shown once',
        body: createBody,
        response: { 201: createdSchema, ...refusals(400, 429) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const t = groupOrderMessages[locale];
      const body = request.body;
      if (!closesOnAllowed(body.closesOn, stockholmToday()))
        return reply
          .code(400)
          .send({ error: t.invalidClosesOn, fieldErrors: { closesOn: t.invalidClosesOn } });
      const catalogue = await context.catalogue.current();
      const product = catalogue.find(body.line.productId);
      if (product && !hasSizes(product))
        return reply.code(400).send({ error: t.notGarment, fieldErrors: { 'line.productId': t.notGarment } });
      // The design is checked as the checkout will price it (product, colour, prints, choices).
      try {
        const quantity = product?.minQuantity ?? 1;
        const size = (product ? productSizeCodes(product)[0] : undefined) ?? 'M';
        await priceCheckout(
          { customer: referenceBuyer, lines: [{ ...body.line, quantity, sizes: { [size]: quantity } }] },
          { locale, findProduct: catalogue.find },
        );
      } catch (error) {
        if (!(error instanceof OrderError)) throw error;
        const fieldErrors = Object.fromEntries(
          Object.entries(error.fieldErrors).map(([key, message]) => [
            key.replace(/^lines\.0\./, 'line.'),
            message,
          ]),
        );
        return reply.code(400).send({ error: error.message, fieldErrors });
      }
      const unoffered = unofferedPrints(locale, product, body.personalisation);
      if (unoffered)
        return reply.code(400).send({ error: t.personalisationNotOffered, fieldErrors: unoffered });
      const groupLimit: HourlyLimit = {
        bucket: `group-orders:client:${clientKey(request)}`,
        max: GROUPS_PER_CLIENT_PER_HOUR,
        refusal: (minutes) => t.tooManyGroups({ minutes }),
      };
      if (await refuseOverHourlyLimits(database.db, reply, [groupLimit])) return reply;
      const created = await createGroup(database, {
        title: body.title,
        closesOn: body.closesOn,
        design: {
          productId: body.line.productId,
          ...(body.line.customisation ? { customisation: body.line.customisation } : {}),
          ...(body.line.options ? { options: body.line.options } : {}),
          ...(body.line.notes ? { notes: body.line.notes } : {}),
        },
        personalisation: {
          name: body.personalisation?.name ?? false,
          number: body.personalisation?.number ?? false,
        },
        showPrice: body.showPrice ?? false,
        language: locale,
      });
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );
}

/** GET /api/group-orders/:id: the organiser's tally or a member's view of the design. */
function registerGroupView({ api, database, productOf }: GroupRouteDeps): void {
  api.get(
    '/api/group-orders/:id',
    {
      schema: {
        summary:
          'The group: with the organiser token every entry and the tally; with the share token the design only',
        params: groupParams,
        querystring: tokenQuery,
        response: { 200: groupViewSchema, ...refusals(404) },
      },
    },
    async (request, reply) => {
      const found = await findGroupForToken(database.db, request.params.id, request.query.token);
      if (!found) return notFound(request, reply);
      // A member's price is the tally's too: the entries are read for it, never sent to a member.
      const entries = await groupEntries(database.db, found.group.id);
      const view = groupView(found.group, found.role, entries, await productOf(found.group.productId));
      return reply.header('cache-control', 'no-store').send(view);
    },
  );
}

/** POST /api/group-orders/:id/entries: a member's entry from the share link. */
function registerNewEntry({ api, database, productOf }: GroupRouteDeps): void {
  api.post(
    '/api/group-orders/:id/entries',
    {
      schema: {
        summary:
          'A member’s entry (share token): name, size, quantity, and the name/number to print when the group prints them; answers its own edit token',
        params: groupParams,
        querystring: tokenQuery,
        body: entryBody,
        response: { 201: createdEntrySchema, ...refusals(400, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const t = groupOrderMessages[locale];
      const found = await findGroupForToken(database.db, request.params.id, request.query.token);
      if (!found) return notFound(request, reply);
      const read = readEntry(locale, found.group, await productOf(found.group.productId), request.body);
      if ('fieldErrors' in read) {
        const error = Object.values(read.fieldErrors)[0] ?? t.memberName;
        return reply.code(400).send({ error, fieldErrors: read.fieldErrors });
      }
      if (!isOpen(found.group, stockholmToday()))
        return reply.code(409).send({ error: t.closed, fieldErrors: {} });
      const limits = entryLimits(request, found.group.id, (minutes) => t.tooManyEntries({ minutes }));
      if (await refuseOverHourlyLimits(database.db, reply, limits)) return reply;
      // A receipt only while the address's allowance lasts; past it the entry is still kept, unmailed.
      const email = request.body.email?.trim() ?? '';
      let receipt: { email: string; locale: Locale } | undefined;
      if (email !== '') {
        const [address] = await takeAllowancesInTurn(database.db, [
          {
            bucket: `group-receipts:${tokenHash(email.toLowerCase())}`,
            amount: 1,
            max: RECEIPTS_PER_ADDRESS_PER_HOUR,
            windowSeconds: HOUR_SECONDS,
          },
        ]);
        if (address?.allowed) receipt = { email, locale };
      }
      const created = await addEntry(
        database,
        found.group.id,
        read.entry,
        stockholmToday(),
        { closed: t.closed, full: t.full },
        receipt,
      );
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );
}

/** GET and PUT /api/group-orders/:id/entries/:entryId: the member's own entry by its edit token. */
function registerOwnEntry({ api, database, productOf }: GroupRouteDeps): void {
  const ownEntry = async (groupId: string, entryId: string, token: string | undefined) => {
    const found = await findEntryForToken(database.db, groupId, entryId, token);
    if (!found) return undefined;
    return {
      ...found,
      view: {
        group: groupView(found.group, 'member', [], await productOf(found.group.productId)),
        entry: entryView(found.entry),
      },
    };
  };

  api.get(
    '/api/group-orders/:id/entries/:entryId',
    {
      schema: {
        summary: 'A member’s own entry, with its edit token',
        params: entryParams,
        querystring: tokenQuery,
        response: { 200: ownEntrySchema, ...refusals(404) },
      },
    },
    async (request, reply) => {
      const own = await ownEntry(request.params.id, request.params.entryId, request.query.token);
      if (!own) return notFound(request, reply);
      return reply.header('cache-control', 'no-store').send(own.view);
    },
  );

  api.put(
    '/api/group-orders/:id/entries/:entryId',
    {
      schema: {
        summary: 'Change one’s own entry (edit token) until the last day',
        params: entryParams,
        querystring: tokenQuery,
        body: entryBody,
        response: { 200: ownEntrySchema, ...refusals(400, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const t = groupOrderMessages[locale];
      const { id, entryId } = request.params;
      const own = await findEntryForToken(database.db, id, entryId, request.query.token);
      if (!own) return notFound(request, reply);
      const read = readEntry(locale, own.group, await productOf(own.group.productId), request.body);
      if ('fieldErrors' in read) {
        const error = Object.values(read.fieldErrors)[0] ?? t.memberName;
        return reply.code(400).send({ error, fieldErrors: read.fieldErrors });
      }
      if (!isOpen(own.group, stockholmToday()))
        return reply.code(409).send({ error: t.closed, fieldErrors: {} });
      const limits = entryLimits(request, id, (minutes) => t.tooManyEntries({ minutes }));
      if (await refuseOverHourlyLimits(database.db, reply, limits)) return reply;
      await updateEntry(database, id, entryId, read.entry, stockholmToday(), t.closed);
      const changed = await ownEntry(id, entryId, request.query.token);
      if (!changed) return notFound(request, reply);
      return reply.header('cache-control', 'no-store').send(changed.view);
    },
  );
}

/** DELETE /api/group-orders/:id/entries/:entryId: the member's own, or any by the organiser. */
function registerRemoveEntry({ api, database }: GroupRouteDeps): void {
  api.delete(
    '/api/group-orders/:id/entries/:entryId',
    {
      schema: {
        summary:
          'Remove an entry: the member’s own (edit token) until the last day, any (organiser token) until the group is closed',
        params: entryParams,
        querystring: tokenQuery,
        response: { 200: createdEntrySchema.pick({ entryId: true }), ...refusals(404, 409) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const t = groupOrderMessages[locale];
      const { id, entryId } = request.params;
      const token = request.query.token;
      // An entry id that is no uuid is no entry (the organiser's token must not reach the query with it).
      if (!groupIdPattern.test(entryId)) return notFound(request, reply);
      const own = await findEntryForToken(database.db, id, entryId, token);
      const organiser = own ? undefined : await findGroupForToken(database.db, id, token);
      if (!own && organiser?.role !== 'organiser') return notFound(request, reply);
      const today = stockholmToday();
      await removeEntry(
        database,
        id,
        entryId,
        (group) => (own ? isOpen(group, today) : group.closedAt === null),
        t.closed,
      );
      return reply.header('cache-control', 'no-store').send({ entryId });
    },
  );
}

/** POST /api/group-orders/:id/close: the organiser closes the group into its cart line. */
function registerClose({ api, database, productOf }: GroupRouteDeps): void {
  api.post(
    '/api/group-orders/:id/close',
    {
      schema: {
        summary:
          'Close the group (organiser token) and answer its lines as POST /api/orders takes them: sizes summed, each garment’s name/number',
        params: groupParams,
        querystring: tokenQuery,
        response: { 200: closedSchema, ...refusals(404, 409) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const t = groupOrderMessages[locale];
      const found = await findGroupForToken(database.db, request.params.id, request.query.token);
      if (!found || found.role !== 'organiser') return notFound(request, reply);
      const line = await closeGroup(database, found.group.id, await productOf(found.group.productId), {
        noEntries: t.noEntriesToOrder,
        belowMinimum: (min) => t.belowMinimumToOrder({ min: formatCount(min) }),
      });
      return reply.header('cache-control', 'no-store').send({ lines: [line] });
    },
  );
}

import {
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { navigate as navigateTo } from 'wouter/use-browser-location';
import { Button } from '@/client/components/ui/button';
import { logoutAdmin, logoutAllAdmin, sessionQuery } from '@/client/features/admin/admin-api';
import { useT } from '@/client/lib/i18n';
import { adminSessionMessages } from '@/shared/i18n/messages/admin-session';
import { adminUiMessages } from '@/shared/i18n/messages/admin-ui';
import { OrdersTable } from '@/client/features/admin/orders/orders-table';
import { PartnerApplications } from '@/client/features/admin/customers/partner-applications';
import { JournalPanel } from '@/client/features/admin/money/journal-panel';
import { BookkeepingPanel } from '@/client/features/admin/money/bookkeeping-panel';
import { ledgerMessages } from '@/shared/i18n/messages/ledger';
import { SieExport } from '@/client/features/admin/money/sie-export';
import { StatsCards } from '@/client/features/admin/money/stats-cards';
import { AuditLog } from '@/client/features/admin/staff/audit-log';
import { OwnPinForm } from '@/client/features/admin/staff/own-pin';
import { StaffPanel } from '@/client/features/admin/staff/staff-panel';
import { CataloguePanel } from '@/client/features/admin/catalogue/catalogue-panel';
import { catalogueAdminMessages } from '@/shared/i18n/messages/catalogue-admin';
import { StaffProvider, useMay, useSignedIn } from '@/client/features/admin/staff/staff-context';
import { staffMessages } from '@/shared/i18n/messages/staff';
import { productionMessages } from '@/shared/i18n/messages/production';
import { BlanksPanel, ProductionBoard } from '@/client/features/admin/production/production-board';
import { MoneyView } from '@/client/features/admin/money/money-view';
import { CustomersPanel } from '@/client/features/admin/customers/customer-register-panel';
import { CompanyAccountsPanel } from '@/client/features/admin/customers/company-accounts-panel';
import { PrivacyRequestsPanel } from '@/client/features/admin/customers/privacy-requests-panel';
import { reminderMessages } from '@/shared/i18n/messages/reminders';
import { moneyViewMessages } from '@/shared/i18n/messages/money-view';
import { QuotesPanel } from '@/client/features/quotes/admin-quotes';
import { quotesAdminMessages } from '@/shared/i18n/messages/quotes-admin';
import { ApiError } from '@/client/lib/api';

const isUnauthorised = (error: unknown) => error instanceof ApiError && error.status === 401;

/** An expired session on any request sends the admin back to the login page. */
function goToLogin() {
  if (window.location.pathname === '/admin') navigateTo('/admin-login', { replace: true });
}

// SPEC §9: 3 retries, back-off 1 s doubling to 30 s, 5-minute cache — TanStack Query's defaults,
// except that 4xx answers (no session, bad filter) are not retried.
const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error) => isUnauthorised(error) && goToLogin() }),
  mutationCache: new MutationCache({ onError: (error) => isUnauthorised(error) && goToLogin() }),
  defaultOptions: {
    queries: {
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 3,
      refetchOnWindowFocus: false,
    },
  },
});

const tabClass =
  'rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 data-[state=active]:bg-brand-800 data-[state=active]:text-white';

/** One tab of the dashboard. */
interface Section {
  value: string;
  label: string;
  content: ReactNode;
  /** Whether the signed-in role may use it (always, when not given). */
  shown?: boolean;
}

function Dashboard() {
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const t = useT(adminSessionMessages);
  const ui = useT(adminUiMessages);
  const staffText = useT(staffMessages);
  const me = useSignedIn();
  // Only what the role may do is offered; the server refuses the rest anyway.
  const money = useMay('money');
  const audit = useMay('audit');
  const owner = useMay('owner');
  const production = useMay('production');
  const productionText = useT(productionMessages);
  const ledgerText = useT(ledgerMessages);
  const moneyText = useT(moneyViewMessages);
  const customersText = useT(reminderMessages);
  const catalogueText = useT(catalogueAdminMessages);
  const quotesText = useT(quotesAdminMessages);
  // The sections in their order, each only for the roles that may use it.
  const tabs: readonly Section[] = [
    {
      value: 'orders',
      label: ui.orders,
      content: (
        <>
          <OrdersTable />
          {money && <SieExport />}
        </>
      ),
    },
    { value: 'quotes', label: quotesText.tab, content: <QuotesPanel mayEdit={money} /> },
    {
      value: 'journal',
      label: ledgerText.journal,
      content: (
        <>
          <JournalPanel />
          <BookkeepingPanel />
        </>
      ),
      shown: money,
    },
    {
      value: 'production',
      label: productionText.boardTitle,
      content: (
        <>
          <ProductionBoard />
          <BlanksPanel />
        </>
      ),
      shown: production,
    },
    { value: 'money', label: moneyText.tab, content: <MoneyView />, shown: money },
    {
      value: 'customers',
      label: customersText.customersTab,
      content: (
        <>
          <CustomersPanel />
          <CompanyAccountsPanel />
          {owner && <PrivacyRequestsPanel />}
        </>
      ),
      shown: money,
    },
    { value: 'products', label: catalogueText.title, content: <CataloguePanel />, shown: owner },
    { value: 'partners', label: ui.partnerApplications, content: <PartnerApplications />, shown: owner },
    { value: 'staff', label: staffText.staffTab, content: <StaffPanel />, shown: owner },
    { value: 'audit', label: staffText.auditTab, content: <AuditLog />, shown: audit },
    { value: 'account', label: staffText.accountTab, content: <OwnPinForm /> },
  ].filter((tab) => tab.shown !== false);
  const logout = async (everywhere = false) => {
    await (everywhere ? logoutAllAdmin() : logoutAdmin()).catch(() => undefined);
    client.clear();
    navigate('/');
  };
  return (
    <main id="main" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">{ui.heading}</h1>
            <p className="mt-1 text-sm text-slate-700" data-testid="signed-in-as">
              {staffText.loggedInAs({ name: me.name, role: staffText[me.role] })}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => void logout()}>
              <LogOut className="size-4" aria-hidden /> {ui.logout}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => void logout(true)} title={t.logoutAllHint}>
              <LogOut className="size-4" aria-hidden /> {t.logoutAll}
            </Button>
          </div>
        </div>
        {money && (
          <div className="mt-6">
            <StatsCards />
          </div>
        )}
        <Tabs.Root defaultValue="orders" className="mt-8">
          <Tabs.List
            aria-label={ui.sections}
            className="inline-flex flex-wrap gap-1 rounded-xl bg-white p-1 ring-1 ring-slate-200"
          >
            {tabs.map((tab) => (
              <Tabs.Trigger key={tab.value} value={tab.value} className={tabClass}>
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Content key={tab.value} value={tab.value} className="mt-4">
              {tab.content}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </div>
    </main>
  );
}

/** Shows the dashboard only once the server confirms the session; otherwise to /admin-login. */
function SessionGate() {
  // Without a session the query cache's 401 handler moves on to /admin-login.
  const session = useQuery(sessionQuery());
  const ui = useT(adminUiMessages);
  if (!session.isSuccess) {
    const failed = session.isError && !isUnauthorised(session.error);
    return (
      <main id="main" className="min-h-[60vh] px-4 py-16 text-center text-slate-600" aria-busy={!failed}>
        {failed ? ui.serverUnreachable : ui.loading}
      </main>
    );
  }
  return (
    <StaffProvider staff={session.data.staff}>
      <Dashboard />
    </StaffProvider>
  );
}

export function AdminPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionGate />
    </QueryClientProvider>
  );
}

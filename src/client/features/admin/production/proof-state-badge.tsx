import type { AdminJobSummary, AdminProofState } from '@/shared/admin';
import { adminProofStateMessages } from '@/shared/i18n/messages/admin-proof-state';
import { proofsOpen } from '@/shared/proofs';
import { cn } from '@/client/lib/cn';
import { useT } from '@/client/lib/i18n';

const tones: Record<AdminProofState, string> = {
  awaiting: 'bg-amber-50 text-amber-900 ring-amber-300',
  changes_requested: 'bg-red-50 text-red-900 ring-red-300',
  approved: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
};

/**
 * The latest proof's state beside the status badge, while proofs still matter (before production;
 * after it the proof is approved by rule) and once the order has one.
 */
export function ProofStateBadge({ order }: { order: Pick<AdminJobSummary, 'status' | 'proofState'> }) {
  const labels = useT(adminProofStateMessages);
  if (!order.proofState || !proofsOpen(order.status)) return null;
  return (
    <span
      data-testid="admin-list-proof-state"
      className={cn(
        'inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
        tones[order.proofState],
      )}
    >
      {labels[order.proofState]}
    </span>
  );
}

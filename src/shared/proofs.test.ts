import { describe, expect, it } from 'vitest';
import {
  approvalDate,
  productionBlock,
  proofEvents,
  proofState,
  type OrderProof,
  type ProofDecision,
} from './proofs';

const proof = (version: number, createdAt: string, decision: ProofDecision | null = null): OrderProof => ({
  version,
  fileName: `v${version}.pdf`,
  contentType: 'application/pdf',
  bytes: 100,
  note: null,
  createdAt,
  decision,
});

describe('proof rules', () => {
  it('the latest version alone decides: none, awaiting, changes requested, approved', () => {
    expect(proofState([])).toEqual({ state: 'none' });
    expect(productionBlock([])).toBe('noProof');
    const changes = proof(1, '2026-11-20T10:00:00Z', {
      decision: 'changes_requested',
      comment: 'Större logga',
      decidedAt: '2026-11-20T11:00:00Z',
    });
    expect(proofState([changes])).toEqual({ state: 'changes_requested', version: 1 });
    // Given in any order: version 2 is the latest, and it has no answer yet.
    const awaiting = [proof(2, '2026-11-21T10:00:00Z'), changes];
    expect(proofState(awaiting)).toEqual({ state: 'awaiting', version: 2 });
    expect(productionBlock(awaiting)).toBe('proofNotApproved');
    expect(approvalDate(awaiting)).toBeNull();
  });

  it('an approval counts on its Stockholm date, and a newer version replaces it', () => {
    // 23:30 UTC on 23 November is 00:30 on the 24th in Stockholm.
    const approved = proof(1, '2026-11-23T20:00:00Z', {
      decision: 'approved',
      comment: null,
      decidedAt: '2026-11-23T23:30:00Z',
    });
    expect(proofState([approved])).toEqual({ state: 'approved', version: 1, approvedOn: '2026-11-24' });
    expect(productionBlock([approved])).toBeUndefined();
    expect(approvalDate([approved, proof(2, '2026-11-25T08:00:00Z')])).toBeNull();
  });

  it('events come oldest first: each version when it came, then its answer', () => {
    const events = proofEvents([
      proof(2, '2026-11-21T10:00:00Z', {
        decision: 'approved',
        comment: null,
        decidedAt: '2026-11-22T09:00:00Z',
      }),
      proof(1, '2026-11-20T10:00:00Z', {
        decision: 'changes_requested',
        comment: 'Blå text',
        decidedAt: '2026-11-20T12:00:00Z',
      }),
    ]);
    expect(events.map((e) => `${e.kind} ${e.version}`)).toEqual([
      'ready 1',
      'changes_requested 1',
      'ready 2',
      'approved 2',
    ]);
  });
});

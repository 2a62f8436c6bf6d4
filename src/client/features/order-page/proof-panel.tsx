import { CheckCircle2, Clock, Download, ExternalLink, FileText, MessageSquare } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { formatDate, formatDateTime } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { proofMessages } from '@/shared/i18n/messages/proofs';
import { formatFileSize } from '@/shared/print-files';
import {
  isInlineProof,
  MAX_PROOF_COMMENT_LENGTH,
  proofsOpen,
  proofState,
  type OrderProof,
} from '@/shared/proofs';
import { ApiError } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { useLocale, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import type { OrderAccess } from './order-page-api';
import { fetchProofFile, saveBlob, sendProofDecision } from './proof-api';
import { Button } from '@/client/components/ui/button';
import { textLinkClass } from '@/client/components/ui/text-link';
import { TextAreaField } from '@/client/components/ui/field';

type Texts = (typeof proofMessages)['en'];

function useDateTag(): string {
  return dateLocaleTag[useLocale().locale];
}

/**
 * The buyer's proofs on the order page: where things stand, the latest version (an image shown
 * from a blob: URL, a PDF as a download, both fetched with the token in the header), the buttons
 * to approve it or ask for changes, and every earlier version with its answer.
 */
export function ProofPanel(props: {
  access: OrderAccess;
  status: string;
  proofs: readonly OrderProof[];
  /** After an answer was recorded: the page reloads the order (status, timeline, delivery). */
  onDecided: () => void;
  className?: string;
}) {
  const t = useT(proofMessages);
  const headingId = useId();
  const [latest, ...earlier] = [...props.proofs].sort((a, b) => b.version - a.version);
  const open = proofsOpen(props.status);
  return (
    <section
      aria-labelledby={headingId}
      data-testid="order-proofs"
      className={cn(
        'min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6',
        props.className,
      )}
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t.heading}
      </h2>
      <StateNote proofs={props.proofs} open={open} t={t} />
      {latest && (
        <ProofVersion proof={latest} access={props.access} isLatest>
          {open && !latest.decision && (
            <DecisionActions access={props.access} version={latest.version} onDecided={props.onDecided} />
          )}
        </ProofVersion>
      )}
      {earlier.length > 0 && <EarlierProofs proofs={earlier} access={props.access} t={t} />}
    </section>
  );
}

function StateNote({ proofs, open, t }: { proofs: readonly OrderProof[]; open: boolean; t: Texts }) {
  const dateTag = useDateTag();
  const state = proofState(proofs);
  const box = 'mt-3 flex gap-2 rounded-lg p-3 text-sm font-medium';
  if (state.state === 'none') return <p className="mt-2 text-sm text-slate-700">{t.none}</p>;
  if (state.state === 'approved')
    return (
      <p
        className={cn(box, 'bg-emerald-50 text-emerald-950 ring-1 ring-emerald-200')}
        data-testid="proof-state"
      >
        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden />
        {t.stateApproved({ version: state.version, date: formatDate(state.approvedOn, dateTag, 'long') })}
      </p>
    );
  // An order that went no further (cancelled) waits for nothing.
  if (!open) return null;
  if (state.state === 'changes_requested')
    return (
      <p className={cn(box, 'bg-slate-50 text-slate-800 ring-1 ring-slate-200')} data-testid="proof-state">
        <MessageSquare className="mt-0.5 size-4 shrink-0 text-slate-600" aria-hidden />
        {t.stateChanges({ version: state.version })}
      </p>
    );
  return (
    <p className={cn(box, 'bg-amber-50 text-amber-950 ring-1 ring-amber-200')} data-testid="proof-state">
      <Clock className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
      {t.stateAwaiting({ version: state.version })}
    </p>
  );
}

/** One version: its preview or download, when it came, the shop's note and the buyer's answer. */
function ProofVersion(props: {
  proof: OrderProof;
  access: OrderAccess;
  isLatest?: boolean;
  children?: ReactNode;
}) {
  const { proof, access } = props;
  const t = useT(proofMessages);
  const dateTag = useDateTag();
  return (
    // Phones: heading, proof, then the rest; wider: the proof on the left of the heading and the rest.
    <article
      className="mt-4 grid gap-3 sm:grid-cols-2 sm:grid-rows-[auto_1fr] sm:gap-x-6 sm:gap-y-2"
      data-testid="proof-version"
      data-version={proof.version}
    >
      <header className="min-w-0 sm:col-start-2 sm:row-start-1">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          {t.version({ version: proof.version })}
          {props.isLatest && (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200">
              {t.latest}
            </span>
          )}
        </h3>
        <p className="text-sm text-slate-600">
          {t.uploadedAt({ time: formatDateTime(proof.createdAt, dateTag) })}
        </p>
      </header>
      <div className="min-w-0 sm:col-start-1 sm:row-span-2 sm:row-start-1">
        {isInlineProof(proof.contentType) ? (
          <ProofImage proof={proof} access={access} />
        ) : (
          <PdfDownload proof={proof} access={access} />
        )}
      </div>
      <div className="min-w-0 sm:col-start-2 sm:row-start-2">
        {proof.note && (
          <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
            <p className="font-semibold">{t.noteFromShop}</p>
            <p className="mt-1 whitespace-pre-wrap break-words">{proof.note}</p>
          </div>
        )}
        <DecisionNote proof={proof} isLatest={props.isLatest ?? false} />
        {props.children}
      </div>
    </article>
  );
}

function DecisionNote({ proof, isLatest }: { proof: OrderProof; isLatest: boolean }) {
  const t = useT(proofMessages);
  const dateTag = useDateTag();
  const decision = proof.decision;
  if (!decision) return isLatest ? null : <p className="mt-3 text-sm text-slate-600">{t.replaced}</p>;
  const approved = decision.decision === 'approved';
  return (
    <div className="mt-3 text-sm" data-testid="proof-decision">
      <p className={cn('font-semibold', approved ? 'text-emerald-800' : 'text-slate-900')}>
        {t.decidedAt({
          what: approved ? t.approved : t.changesRequested,
          time: formatDateTime(decision.decidedAt, dateTag),
        })}
      </p>
      {decision.comment && (
        <p className="mt-1 whitespace-pre-wrap break-words text-slate-700">
          <span className="font-medium">{t.buyerComment}: </span>
          {decision.comment}
        </p>
      )}
    </div>
  );
}

type Loaded = { state: 'loading' } | { state: 'ready'; url: string } | { state: 'failed' };

/** An image proof from a blob: URL (the token stays in a header), freed when it leaves the page. */
function ProofImage({ proof, access }: { proof: OrderProof; access: OrderAccess }) {
  const t = useT(proofMessages);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | undefined;
    fetchProofFile(access, proof.version, controller.signal).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setLoaded({ state: 'ready', url });
      },
      () => {
        if (!controller.signal.aborted) setLoaded({ state: 'failed' });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [access, proof.version]);
  if (loaded.state === 'failed')
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
        {t.fileFailed}
      </p>
    );
  if (loaded.state === 'loading')
    return (
      <div className="flex h-56 items-center justify-center rounded-lg bg-slate-100 text-sm text-slate-600">
        {t.loadingFile}
      </div>
    );
  return (
    <figure>
      <img
        src={loaded.url}
        alt={t.imageAlt({ version: proof.version })}
        className="max-h-[28rem] w-full rounded-lg bg-slate-50 object-contain ring-1 ring-slate-200"
        data-testid="proof-image"
      />
      <figcaption className="mt-2">
        <a
          href={loaded.url}
          target="_blank"
          rel="noopener noreferrer"
          className={textLinkClass({ icon: true, small: true })}
        >
          <ExternalLink className="size-4" aria-hidden />
          {t.openFullSize}
        </a>
      </figcaption>
    </figure>
  );
}

/** A PDF proof is saved, never opened inside the shop's page (a PDF can carry script). */
function PdfDownload({ proof, access }: { proof: OrderProof; access: OrderAccess }) {
  const t = useT(proofMessages);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      saveBlob(await fetchProofFile(access, proof.version), proof.fileName);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex h-full min-h-40 flex-col items-center justify-center gap-3 rounded-lg bg-slate-50 p-4 text-center ring-1 ring-slate-200">
      <FileText className="size-10 text-slate-500" aria-hidden />
      <p className="max-w-full break-words text-sm text-slate-700">
        {proof.fileName} · <span className="whitespace-nowrap">{formatFileSize(proof.bytes)}</span>
      </p>
      <Button onClick={() => void download()} disabled={busy} size="sm" disabledLook="busy">
        <Download className="size-4" aria-hidden />
        {t.downloadPdf}
      </Button>
      {failed && (
        <p role="alert" className="text-sm text-red-800">
          {t.fileFailed}
        </p>
      )}
    </div>
  );
}

type Mode = 'choose' | 'approve' | 'changes';

/** Approve (after a second look) or ask for changes with a comment; the server checks it again. */
function DecisionActions(props: { access: OrderAccess; version: number; onDecided: () => void }) {
  const t = useT(proofMessages);
  const id = useId();
  const [mode, setMode] = useState<Mode>('choose');
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const { version } = props;

  const send = async (decision: 'approved' | 'changes_requested') => {
    setBusy(true);
    setError(undefined);
    try {
      await sendProofDecision(props.access, version, decision, decision === 'approved' ? undefined : comment);
      notify.success(decision === 'approved' ? t.sentApproved : t.sentChanges);
      props.onDecided();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t.decideFailed);
      setBusy(false);
    }
  };
  const submitChanges = (event: FormEvent) => {
    event.preventDefault();
    if (comment.trim() === '') {
      setError(t.commentRequired);
      return;
    }
    void send('changes_requested');
  };
  const back = () => {
    setMode('choose');
    setError(undefined);
  };
  const errorNote = error && (
    <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-red-800">
      {error}
    </p>
  );

  if (mode === 'approve')
    return (
      <div
        className="mt-4 rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-200"
        data-testid="proof-approve-confirm"
      >
        <p className="text-sm font-medium text-emerald-950">{t.approveQuestion({ version })}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            variant="success"
            size="sm"
            disabledLook="busy"
            disabled={busy}
            onClick={() => void send('approved')}
          >
            {t.confirmApprove}
          </Button>
          <Button variant="secondary" size="sm" disabledLook="busy" onClick={back} disabled={busy}>
            {t.back}
          </Button>
        </div>
        {errorNote}
      </div>
    );
  if (mode === 'changes')
    return (
      <form className="mt-4" noValidate onSubmit={submitChanges} data-testid="proof-changes-form">
        <TextAreaField
          id={`${id}-comment`}
          label={t.commentLabel}
          hint={t.commentHint}
          error={error}
          rows={4}
          maxLength={MAX_PROOF_COMMENT_LENGTH}
          value={comment}
          onChange={(value) => {
            setComment(value);
            setError(undefined);
          }}
        />
        <div className="mt-3 flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabledLook="busy" disabled={busy}>
            {t.sendChanges}
          </Button>
          <Button variant="secondary" size="sm" disabledLook="busy" onClick={back} disabled={busy}>
            {t.back}
          </Button>
        </div>
      </form>
    );
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <Button variant="success" size="sm" onClick={() => setMode('approve')}>
        <CheckCircle2 className="size-4" aria-hidden />
        {t.approve({ version })}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setMode('changes')}>
        {t.requestChanges}
      </Button>
    </div>
  );
}

/** Earlier versions, folded: their previews load only when opened. */
function EarlierProofs({ proofs, access, t }: { proofs: OrderProof[]; access: OrderAccess; t: Texts }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="mt-6 border-t border-slate-200 pt-4"
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-testid="earlier-proofs"
    >
      <summary className="cursor-pointer text-sm font-semibold text-brand-800">
        {t.earlier({ n: proofs.length })}
      </summary>
      {open && proofs.map((proof) => <ProofVersion key={proof.version} proof={proof} access={access} />)}
    </details>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, FileText, MessageSquare } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { AdminJobDetailBase } from '@/shared/admin';
import { formatDateTime } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { proofMessages } from '@/shared/i18n/messages/proofs';
import { formatFileSize } from '@/shared/print-files';
import {
  adminProofPath,
  isInlineProof,
  latestProof,
  MAX_PROOF_BYTES,
  MAX_PROOF_NOTE_LENGTH,
  proofAccept,
  proofsOpen,
  proofState,
  type OrderProof,
} from '@/shared/proofs';
import { Button, buttonClass } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { ApiError } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { useLocale, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { adminKeys } from '@/client/features/admin/admin-api';
import { uploadProof } from './proof-api';
import { DetailSection } from '@/client/features/admin/shared/detail-section';

const link = buttonClass({ variant: 'secondary', size: 'sm' });

/**
 * The admin's proofs of an order: where the buyer stands, every version newest first with its
 * note, the buyer's answer and comment (Stockholm times), open and download links, and the form
 * that uploads the next version and emails the buyer. The server refuses production until the
 * latest version is approved; the status buttons show why.
 */
export function ProofPanel({ order }: { order: AdminJobDetailBase }) {
  const t = useT(proofMessages);
  const proofs = [...order.proofs].sort((a, b) => b.version - a.version);
  return (
    <DetailSection heading={`${t.adminHeading} (${proofs.length})`} testId="admin-proofs">
      <AdminState order={order} />
      {proofs.length > 0 && (
        <ol className="mt-2 divide-y divide-slate-100">
          {proofs.map((proof, index) => (
            <AdminProofRow
              key={proof.version}
              orderNumber={order.orderNumber}
              proof={proof}
              isLatest={index === 0}
            />
          ))}
        </ol>
      )}
      {proofsOpen(order.status) ? (
        <UploadForm order={order} />
      ) : (
        <p className="mt-2 text-sm text-slate-600">{t.adminClosed}</p>
      )}
    </DetailSection>
  );
}

function AdminState({ order }: { order: AdminJobDetailBase }) {
  const t = useT(proofMessages);
  const dateTag = dateLocaleTag[useLocale().locale];
  const state = proofState(order.proofs);
  const latest = latestProof(order.proofs);
  const box = 'mt-2 flex gap-2 rounded-lg p-3 text-sm font-medium';
  if (state.state === 'approved')
    return (
      <p
        className={cn(box, 'bg-emerald-50 text-emerald-950 ring-1 ring-emerald-200')}
        data-testid="admin-proof-state"
      >
        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden />
        {t.adminApproved({
          version: state.version,
          time: formatDateTime(latest?.decision?.decidedAt ?? '', dateTag),
        })}
      </p>
    );
  if (state.state === 'changes_requested')
    return (
      <p
        className={cn(box, 'bg-amber-50 text-amber-950 ring-1 ring-amber-200')}
        data-testid="admin-proof-state"
      >
        <MessageSquare className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
        {t.adminChanges({ version: state.version })}
      </p>
    );
  // An order past production (or cancelled) without proofs: nothing is waiting.
  if (state.state === 'none' && !proofsOpen(order.status)) return null;
  return (
    <p
      className={cn(box, 'bg-slate-50 text-slate-800 ring-1 ring-slate-200')}
      data-testid="admin-proof-state"
    >
      <Clock className="mt-0.5 size-4 shrink-0 text-slate-600" aria-hidden />
      {state.state === 'none' ? t.adminNone : t.adminAwaiting({ version: state.version })}
    </p>
  );
}

function AdminProofRow({
  orderNumber,
  proof,
  isLatest,
}: {
  orderNumber: string;
  proof: OrderProof;
  isLatest: boolean;
}) {
  const t = useT(proofMessages);
  const dateTag = dateLocaleTag[useLocale().locale];
  const path = adminProofPath(orderNumber, proof.version);
  const decision = proof.decision;
  const badge = decision
    ? decision.decision === 'approved'
      ? { text: t.approved, className: 'bg-emerald-100 text-emerald-900' }
      : { text: t.changesRequested, className: 'bg-amber-100 text-amber-950' }
    : isLatest
      ? { text: t.awaitingBadge, className: 'bg-slate-100 text-slate-800' }
      : { text: t.replaced, className: 'bg-slate-100 text-slate-700' };
  return (
    <li className="flex flex-wrap gap-3 py-3 text-sm" data-testid="admin-proof" data-version={proof.version}>
      {isInlineProof(proof.contentType) ? (
        <img
          src={path}
          alt={t.imageAlt({ version: proof.version })}
          loading="lazy"
          className="size-16 shrink-0 rounded-md bg-slate-100 object-contain ring-1 ring-slate-200"
        />
      ) : (
        <span className="flex size-16 shrink-0 items-center justify-center rounded-md bg-slate-100 ring-1 ring-slate-200">
          <FileText className="size-8 text-slate-500" aria-hidden />
        </span>
      )}
      <div className="min-w-0 flex-1 basis-48">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900">{t.version({ version: proof.version })}</span>
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', badge.className)}>
            {badge.text}
          </span>
        </p>
        <p className="mt-0.5 break-words text-slate-700">
          {proof.fileName} · <span className="whitespace-nowrap">{formatFileSize(proof.bytes)}</span> ·{' '}
          <span className="whitespace-nowrap">
            {t.uploadedAt({ time: formatDateTime(proof.createdAt, dateTag) })}
          </span>
        </p>
        {proof.note && (
          <p className="mt-1 whitespace-pre-wrap break-words text-slate-700">
            <span className="font-semibold">{t.adminNote}: </span>
            {proof.note}
          </p>
        )}
        {decision && (
          <p className="mt-1 text-slate-800" data-testid="admin-proof-decision">
            {t.decidedAt({
              what: decision.decision === 'approved' ? t.approved : t.changesRequested,
              time: formatDateTime(decision.decidedAt, dateTag),
            })}
          </p>
        )}
        {decision?.comment && (
          <p className="mt-1 whitespace-pre-wrap break-words rounded-lg bg-amber-50 p-2 text-slate-900">
            <span className="font-semibold">{t.customerComment}: </span>
            {decision.comment}
          </p>
        )}
        <p className="mt-2 flex flex-wrap gap-2">
          <a
            href={path}
            target="_blank"
            rel="noopener"
            className={link}
            aria-label={t.openLabel({ version: proof.version })}
          >
            {t.open}
          </a>
          <a
            href={path}
            download={proof.fileName}
            className={link}
            aria-label={t.downloadLabel({ version: proof.version })}
          >
            {t.download}
          </a>
        </p>
      </div>
    </li>
  );
}

/** The next version: a file and an optional note; the server checks the file by its content. */
function UploadForm({ order }: { order: AdminJobDetailBase }) {
  const t = useT(proofMessages);
  const id = useId();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const next = (latestProof(order.proofs)?.version ?? 0) + 1;
  const mutation = useMutation({
    mutationFn: (chosen: File) => uploadProof(order.orderNumber, chosen, note),
    onSuccess: (proof) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.order(order.orderNumber) });
      setFile(null);
      setNote('');
      if (fileInput.current) fileInput.current.value = '';
      notify.success(t.uploaded({ version: proof.version }));
    },
    onError: (caught) => {
      const message = caught instanceof ApiError ? caught.message : t.uploadFailed;
      setError(message);
      notify.error(t.uploadFailed, { description: message });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!file) return setError(t.chooseFile);
    if (file.size > MAX_PROOF_BYTES) return setError(t.tooLarge);
    mutation.mutate(file);
  };
  return (
    <form
      className="mt-3 grid gap-3 rounded-xl bg-slate-50 p-3 sm:p-4"
      noValidate
      onSubmit={submit}
      data-testid="proof-upload"
    >
      <p className="text-sm font-semibold text-slate-900">{t.uploadHeading({ version: next })}</p>
      {/* The kit's label; the file input keeps its own look (a text box's border and padding do not
          suit it) and its error wiring, because the error below is an alert said on submit. */}
      <Field id={`${id}-file`} label={t.fileLabel}>
        {(control) => (
          <input
            id={control.id}
            ref={fileInput}
            type="file"
            accept={proofAccept}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="mt-1.5 block w-full text-sm text-slate-900 file:mr-3 file:rounded-lg file:border-0 file:bg-white file:px-3 file:py-2 file:font-semibold file:text-brand-800 file:ring-1 file:ring-brand-200 hover:file:bg-brand-50"
          />
        )}
      </Field>
      <Field id={`${id}-note`} label={t.noteLabel} hint={t.noteHint}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            maxLength={MAX_PROOF_NOTE_LENGTH}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        )}
      </Field>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" size="sm" disabled={mutation.isPending} disabledLook="busy">
          {mutation.isPending ? t.uploading : t.upload}
        </Button>
      </div>
    </form>
  );
}

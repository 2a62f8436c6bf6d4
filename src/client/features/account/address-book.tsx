import { MapPin, Pencil, Plus, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { countryNameIn } from '@/shared/countries';
import { addressMessages } from '@/shared/i18n/messages/account-addresses';
import type { SavedAddress } from '@/shared/saved-address';
import type { SavedAddressInput } from '@/shared/saved-address-schema';
import { Button } from '@/client/components/ui/button';
import { ApiError } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { addAddress, changeAddress, listAddresses, removeAddress } from './account-api';
import { AddressForm } from './address-form';
import { NoticeText, type Notice } from './notice';
import { AccountSection, LoadFailed } from './account-section';

type Loaded =
  { state: 'loading' } | { state: 'failed' } | { state: 'ready'; addresses: SavedAddress[]; max: number };
/** What the section is doing: adding, changing one, or asking whether to remove one. */
type Editing =
  { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; id: number } | { kind: 'remove'; id: number };

/** One saved address: its name, lines and country, with Edit and Remove (asked once more). */
function AddressItem({
  address,
  confirming,
  onEdit,
  onRemove,
  onConfirm,
  onKeep,
}: {
  address: SavedAddress;
  confirming: boolean;
  onEdit: () => void;
  onRemove: () => void;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  const t = useT(addressMessages);
  const { locale } = useLocale();
  const actions = [
    {
      variant: 'secondary',
      Icon: Pencil,
      text: t.edit,
      label: t.editNamed({ label: address.label }),
      onClick: onEdit,
    },
    {
      variant: 'danger-outline',
      Icon: Trash2,
      text: t.remove,
      label: t.removeNamed({ label: address.label }),
      onClick: onRemove,
    },
  ] as const;
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="break-words font-semibold text-slate-900">{address.label}</p>
        <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-700">{address.address}</p>
        <p className="mt-1 text-sm text-slate-600">
          {countryNameIn(locale, address.country) ?? address.country}
        </p>
      </div>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t.confirmRemove}>
          <span className="text-sm font-medium text-slate-900">{t.confirmRemove}</span>
          <Button variant="danger" size="sm" onClick={onConfirm}>
            {t.remove}
          </Button>
          <Button variant="secondary" size="sm" onClick={onKeep}>
            {t.keep}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {actions.map(({ variant, Icon, text, label, onClick }) => (
            <Button key={text} variant={variant} size="sm" aria-label={label} onClick={onClick}>
              <Icon className="size-4" aria-hidden />
              {text}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * The account's delivery addresses (issue 43): listed, added, changed and removed here, picked from
 * at checkout. Loads its own list: the account view does not carry it.
 */
export function AddressBook() {
  const t = useT(addressMessages);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [notice, setNotice] = useState<Notice>();

  const load = useCallback(() => {
    listAddresses().then(
      (answer) => setLoaded({ state: 'ready', ...answer }),
      () => setLoaded({ state: 'failed' }),
    );
  }, []);
  useEffect(() => load(), [load]);

  const done = (text: string) => {
    setEditing({ kind: 'none' });
    setNotice({ kind: 'ok', text });
    load();
  };
  const save = async (input: SavedAddressInput) => {
    if (editing.kind === 'edit') {
      await changeAddress(editing.id, input);
      done(t.changed);
    } else {
      await addAddress(input);
      done(t.saved);
    }
  };
  const remove = async (id: number) => {
    try {
      await removeAddress(id);
      done(t.removed);
    } catch (error) {
      setNotice({ kind: 'error', text: error instanceof ApiError ? error.message : t.loadFailed });
    }
  };

  return (
    <AccountSection id="account-addresses" heading={t.heading} icon={MapPin} testId="account-addresses">
      <p className="mt-2 text-slate-700">{t.intro}</p>
      {loaded.state === 'loading' && <p className="mt-4" aria-busy="true" />}
      {loaded.state === 'failed' && (
        <LoadFailed text={t.loadFailed} retry={t.retry} onRetry={load} className="mt-4" />
      )}
      {loaded.state === 'ready' && (
        <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
          {loaded.addresses.length === 0 ? (
            <p className="text-slate-600">{t.none}</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {loaded.addresses.map((address) => (
                <li key={address.id} className="py-3 first:pt-0" data-testid="saved-address">
                  {editing.kind === 'edit' && editing.id === address.id ? (
                    <AddressForm
                      initial={address}
                      onSave={save}
                      onCancel={() => setEditing({ kind: 'none' })}
                    />
                  ) : (
                    <AddressItem
                      address={address}
                      confirming={editing.kind === 'remove' && editing.id === address.id}
                      onEdit={() => setEditing({ kind: 'edit', id: address.id })}
                      onRemove={() => setEditing({ kind: 'remove', id: address.id })}
                      onConfirm={() => void remove(address.id)}
                      onKeep={() => setEditing({ kind: 'none' })}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
          <NoticeText notice={notice} />
          <div className="mt-4">
            {editing.kind === 'add' ? (
              <AddressForm onSave={save} onCancel={() => setEditing({ kind: 'none' })} />
            ) : loaded.addresses.length >= loaded.max ? (
              <p className="text-sm text-slate-700">{t.tooMany({ max: loaded.max })}</p>
            ) : (
              <div className="flex flex-wrap items-center gap-3">
                <Button
                  variant="secondary"
                  onClick={() => {
                    setNotice(undefined);
                    setEditing({ kind: 'add' });
                  }}
                >
                  <Plus className="size-4" aria-hidden />
                  {t.add}
                </Button>
                <span className="text-sm text-slate-600">
                  {t.count({ count: loaded.addresses.length, max: loaded.max })}
                </span>
              </div>
            )}
          </div>
        </div>
      )}
    </AccountSection>
  );
}

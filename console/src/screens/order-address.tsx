import { useState } from 'preact/hooks';
import type { Address } from '../api/client';
import { t } from '../i18n';
import { ADDRESS_FIELDS, addressChanges, addressForm } from '../orders/address-change';

/**
 * An order's billing or shipping address with "Correct address": a form of the main fields that
 * sends only what changed (`add /billingAddress` or `/shippingAddress`, merged by the API); the
 * outcome is said by the order screen, which reloads the order either way.
 */
export function AddressPanel(props: {
  which: 'billingAddress' | 'shippingAddress';
  title: string;
  address: Address | null | undefined;
  emptyText: string;
  canWrite: boolean;
  busy: boolean;
  save: (changes: Record<string, string | null>) => Promise<boolean>;
}) {
  const [editing, setEditing] = useState(false);
  const id = `${props.which}-title`;
  return (
    <section aria-labelledby={id} class="panel">
      <h2 id={id}>{props.title}</h2>
      {editing ? (
        <AddressEditor {...props} close={() => setEditing(false)} />
      ) : (
        <>
          {props.address ? <AddressBlock address={props.address} /> : <p>{props.emptyText}</p>}
          {props.canWrite ? (
            <div class="buttons">
              <button type="button" disabled={props.busy} onClick={() => setEditing(true)}>
                {t('address.correct')}
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function AddressEditor(props: {
  which: string;
  address: Address | null | undefined;
  busy: boolean;
  save: (changes: Record<string, string | null>) => Promise<boolean>;
  close: () => void;
}) {
  const start = addressForm(props.address);
  const [form, setForm] = useState(start);
  const changes = addressChanges(start, form);
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        if (await props.save(changes)) props.close();
      }}
    >
      <div class="address-fields">
        {ADDRESS_FIELDS.map((field) => (
          <div class="field" key={field}>
            <label for={`${props.which}-${field}`}>{t(`address.${field}`)}</label>
            <input
              id={`${props.which}-${field}`}
              value={form[field]}
              autoComplete="off"
              onInput={(e) => setForm({ ...form, [field]: e.currentTarget.value })}
            />
          </div>
        ))}
      </div>
      <div class="buttons">
        <button type="submit" class="primary" disabled={props.busy || Object.keys(changes).length === 0}>
          {t('address.save')}
        </button>
        <button type="button" onClick={props.close}>
          {t('address.cancel')}
        </button>
      </div>
    </form>
  );
}

export function AddressBlock({ address }: { address: Address }) {
  const lines = [
    address.company,
    [address.firstName, address.lastName].filter(Boolean).join(' '),
    address.street,
    address.streetDetails,
    [address.zipCode, address.city].filter(Boolean).join(' '),
    address.country,
    address.emailAddress,
  ].filter((line): line is string => Boolean(line));
  return (
    <address>
      {lines.map((line) => (
        <span key={line} class="address-line">
          {line}
        </span>
      ))}
    </address>
  );
}

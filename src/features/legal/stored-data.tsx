import { Fragment } from 'react';
import {
  STORAGE_PREFIX,
  STORED_ITEMS,
  type StoredItem,
  type StoredItemKey,
} from '../../../core/stored-items';
import { lifetimeText, STORED_ITEM_PURPOSES } from '../../../core/stored-item-purposes';
import { LEGAL_STRINGS } from './legal-strings';

/** A stored name that may wrap after each underscore on a narrow screen. */
function StoredName({ name }: { name: string }) {
  const parts = name.split('_');
  return (
    <code>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? (
            <>
              _<wbr />
            </>
          ) : null}
        </Fragment>
      ))}
    </code>
  );
}

const KEYS = Object.keys(STORED_ITEMS) as StoredItemKey[];

/** One table of stored items: name, what it holds, and how long it is kept. */
function StoredTable({ caption, where }: { caption: string; where: StoredItem['where'] }) {
  return (
    <div className="table-scroll">
      <table className="stored-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{LEGAL_STRINGS.storedName}</th>
            <th scope="col">{LEGAL_STRINGS.storedPurpose}</th>
            <th scope="col">{LEGAL_STRINGS.storedLifetime}</th>
          </tr>
        </thead>
        <tbody>
          {KEYS.filter((key) => STORED_ITEMS[key].where === where).map((key) => (
            <tr key={key}>
              <th scope="row">
                <StoredName name={STORAGE_PREFIX + STORED_ITEMS[key].name} />
              </th>
              <td>{STORED_ITEM_PURPOSES[key].purpose}</td>
              <td>{lifetimeText(key)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Everything the product keeps in a browser, as the privacy page lists it (core/stored-items.ts). */
export function StoredCookies() {
  return <StoredTable caption={LEGAL_STRINGS.cookiesCaption} where="cookie" />;
}

export function StoredRecords() {
  return <StoredTable caption={LEGAL_STRINGS.recordsCaption} where="localStorage" />;
}

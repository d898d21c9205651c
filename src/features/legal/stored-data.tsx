import { Fragment } from 'react';
import {
  lifetimeText,
  STORAGE_PREFIX,
  STORED_ITEMS,
  type StoredItem,
} from '../../../core/stored-items';
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

const ITEMS = Object.values(STORED_ITEMS) as readonly StoredItem[];

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
          {ITEMS.filter((item) => item.where === where).map((item) => (
            <tr key={item.name}>
              <th scope="row">
                <StoredName name={STORAGE_PREFIX + item.name} />
              </th>
              <td>{item.purpose}</td>
              <td>{lifetimeText(item)}</td>
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

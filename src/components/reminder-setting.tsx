import { useEffect, useId, useRef, useState } from 'react';
import type { StoredReminder } from '../../core/reminder-setting';
import { loadPlayer } from '../lib/player-data/player-state';
import { saveConsent } from '../lib/player-data/storage';
import {
  changeReminder,
  readReminder,
  reminderEnvironment,
  reminderSupport,
  turnOff,
  turnOn,
  type ReminderProblem,
  type ReminderChoice,
  type ReminderSupport,
} from '../lib/reminders/reminder-client';
import { REMINDER_STRINGS as T } from './reminder-strings';
import './reminder-setting.css';

/** Why there is no switch: each case with its sentence, and what would make it work. */
const BLOCKED: Record<Exclude<ReminderSupport, 'ok'>, string> = {
  unsupported: T.unsupported,
  iosNotInstalled: T.iosNotInstalled,
  denied: T.denied,
  noConsent: T.noConsent,
};

type Note =
  ReminderProblem | 'changeFailed' | 'lostPermission' | 'lostSubscription' | 'saved' | 'off';
const NOTES: Record<Exclude<Note, 'saved' | 'denied'>, string> = {
  notAllowed: T.notAllowed,
  serverDown: T.serverDown,
  subscribeFailed: T.subscribeFailed,
  changeFailed: T.changeFailed,
  lostPermission: T.lostPermission,
  lostSubscription: T.lostSubscription,
  off: T.off,
};

/** "18:00" as the player's clock shows it ("6:00 PM" in the United States). */
function clockTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(2000, 0, 1, hours, minutes).toLocaleTimeString([], {
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** A change of the hour waits this long for the next keystroke before the server is told. */
const CHANGE_WAIT_MS = 600;

/**
 * "Daily reminder" (docs/decisions.md "Daily reminder"): off by default; turning it on asks the
 * browser's permission (only then), then offers the hour and "Only if I haven't played yet".
 * Where the browser cannot send one, it says why and what would make it work. Shared by Settings
 * and the finished game's result, loaded lazily (daily-reminder.tsx).
 */
export function ReminderSetting() {
  const id = useId();
  const [support, setSupport] = useState<ReminderSupport | null>(null);
  const [saved, setSaved] = useState<StoredReminder | null>(null);
  const [shown, setShown] = useState<ReminderChoice | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note | null>(null);
  const timer = useRef<number | undefined>(undefined);

  // Read in an effect: the server never knows the browser's abilities, so the first render matches.
  useEffect(() => {
    const look = () => {
      setSupport(reminderSupport(reminderEnvironment()));
      const kept = readReminder();
      setSaved(kept);
      setShown({ time: kept.time, onlyIfNotPlayed: kept.onlyIfNotPlayed });
      if (!kept.on && kept.lost)
        setNote(kept.lost === 'permission' ? 'lostPermission' : 'lostSubscription');
    };
    look();
    // Notifications allowed again in the site's settings: the switch comes back.
    document.addEventListener('visibilitychange', look);
    return () => {
      document.removeEventListener('visibilitychange', look);
      window.clearTimeout(timer.current);
    };
  }, []);

  if (support === null || saved === null || shown === null) return null;
  if (support !== 'ok')
    return (
      <div className="setting reminder-setting">
        <p className="reminder-title">{T.title}</p>
        <p className="setting-help">{BLOCKED[support]}</p>
        {support === 'noConsent' ? (
          <button
            type="button"
            className="button"
            onClick={() => {
              saveConsent('accepted');
              setSupport(reminderSupport(reminderEnvironment()));
            }}
          >
            {T.accept}
          </button>
        ) : null}
      </div>
    );

  const toggle = async (on: boolean) => {
    setBusy(true);
    setNote(null);
    const data = (await loadPlayer()).data;
    if (on) {
      const outcome = await turnOn(shown, data);
      if (outcome.ok) {
        setSaved(outcome.reminder);
        setNote('saved');
      } else if (outcome.problem === 'denied') setSupport('denied');
      else setNote(outcome.problem);
    } else {
      setSaved(await turnOff());
      setNote('off');
    }
    setBusy(false);
  };

  const change = (next: ReminderChoice) => {
    setShown(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      void (async () => {
        const outcome = await changeReminder(next, (await loadPlayer()).data);
        if (outcome.ok) {
          setSaved(outcome.reminder);
          setNote('saved');
        } else {
          // Nothing half kept: the controls show again what the server has.
          setShown({ time: saved.time, onlyIfNotPlayed: saved.onlyIfNotPlayed });
          setNote('changeFailed');
        }
      })();
    }, CHANGE_WAIT_MS);
  };

  const message =
    note === null || note === 'denied'
      ? busy
        ? T.working
        : ''
      : note === 'saved'
        ? T.saved(clockTime(saved.time))
        : NOTES[note];
  const problem = note !== null && note !== 'saved' && note !== 'off';
  return (
    <div className="setting reminder-setting" role="group" aria-labelledby={`${id}-title`}>
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={saved.on}
          disabled={busy}
          aria-describedby={`${id}-help ${id}-note`}
          onChange={(event) => void toggle(event.target.checked)}
        />
        <span id={`${id}-title`} className="reminder-title">
          {T.title}
        </span>
      </label>
      <p id={`${id}-help`} className="setting-help">
        {T.help}
      </p>
      {saved.on ? (
        <>
          <label className="reminder-time">
            {T.time}
            <input
              type="time"
              value={shown.time}
              required
              aria-describedby={`${id}-zone`}
              onChange={(event) => {
                if (event.target.value) change({ ...shown, time: event.target.value });
              }}
            />
          </label>
          <p id={`${id}-zone`} className="setting-help">
            {T.timeHelp(Intl.DateTimeFormat().resolvedOptions().timeZone)}
          </p>
          <label className="choice">
            <input
              type="checkbox"
              checked={shown.onlyIfNotPlayed}
              onChange={(event) => change({ ...shown, onlyIfNotPlayed: event.target.checked })}
            />
            {T.onlyIfNotPlayed}
          </label>
        </>
      ) : null}
      <p id={`${id}-note`} className={problem ? 'setting-error' : 'setting-help'} role="status">
        {message}
      </p>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { PALETTES } from '../../../core/game/palette';
import { tileStyle } from '../../components/tile-style';
import { usePreferences } from '../../lib/preferences/preferences';
import {
  DEMO_GROUPS,
  DEMO_STEPS,
  DEMO_WORDS,
  DEMO_WORD_MS,
  demoFrame,
  demoGroupsOf,
} from './demo-timeline';
import './how-to-play-demo.css';

function useReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  const [reduced, setReduced] = useState(() => window.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return undefined;
    const onChange = () => setReduced(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

/** The animated demo in How to Play: a board filling in group by group, then solved. */
export function HowToPlayDemo() {
  const reduced = useReducedMotion();
  const { palette } = usePreferences();
  const colors = PALETTES[palette].colors;
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (reduced) return undefined;
    const started = performance.now();
    const timer = window.setInterval(
      () => setElapsed(performance.now() - started),
      DEMO_WORD_MS / 6,
    );
    return () => window.clearInterval(timer);
  }, [reduced]);
  const frame = demoFrame(elapsed, reduced);
  const current = DEMO_STEPS[frame.steps - 1];
  return (
    <figure className="demo">
      <div className={frame.solved ? 'demo-grid solved' : 'demo-grid'} aria-hidden="true">
        {DEMO_WORDS.map((word) => {
          const groups = demoGroupsOf(word, frame.steps);
          return (
            <span
              key={word}
              className={`demo-tile${groups.length === 4 ? ' demo-tile-all' : ''}${current?.word === word && !frame.solved ? ' demo-tile-now' : ''}`}
              style={tileStyle(groups, colors)}
            >
              <span className="demo-word">{word}</span>
            </span>
          );
        })}
      </div>
      <figcaption>
        Example: <strong>Trunk</strong> is the linchpin. It belongs to all four groups:{' '}
        {DEMO_GROUPS.map((group) => `${group.name} (${group.words.join(', ')})`).join('; ')}.
      </figcaption>
    </figure>
  );
}

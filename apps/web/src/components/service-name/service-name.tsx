import { type CSSProperties, Fragment } from 'react';
import { nameLabels } from './name-labels.ts';

// A label wider than the line is cut with an ellipsis (the block clips it) instead of
// overflowing the page; `title` and the text itself still carry the whole name.
const clip: CSSProperties = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' };
const unbroken: CSSProperties = { whiteSpace: 'nowrap' };

/**
 * A service's name (hostname, nickname or domain) that wraps only after a dot or at a space:
 * at phone width 'web01.demo.example' breaks as 'web01.demo.' / 'example', never inside a label.
 */
export function ServiceName({ name }: { name: string }) {
  return (
    <span title={name} style={clip}>
      {nameLabels(name).map((labels, word) => (
        <Fragment key={word}>
          {word > 0 ? ' ' : null}
          {labels.map((label, index) => (
            <Fragment key={index}>
              {index > 0 ? <wbr /> : null}
              <span style={unbroken}>{label}</span>
            </Fragment>
          ))}
        </Fragment>
      ))}
    </span>
  );
}

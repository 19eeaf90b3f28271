import { Fragment } from 'react';
import type { PassageSegment } from '@portal/contract';

/** A passage of a document's text with the words a search found marked; its pieces are text, never markup. */
export function Passage({ parts }: { parts: PassageSegment[] }) {
  return (
    <span data-testid="passage">
      {parts.map((part, index) => (part.highlighted ? <mark key={index}>{part.text}</mark> : <Fragment key={index}>{part.text}</Fragment>))}
    </span>
  );
}

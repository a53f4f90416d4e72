import { Link } from 'react-router';
import { stepParts } from './step-links';

/** A scenario's sentence with each site path it names as a link to that page. */
export function StepText({ text }: { text: string }) {
  return (
    <>
      {stepParts(text).map((part, index) =>
        part.kind === 'path' ? (
          <Link key={index} to={part.path}>
            {part.path}
          </Link>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

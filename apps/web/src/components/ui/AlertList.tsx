import { Badge, ListGroup } from 'react-bootstrap';

/** A portal's alert (sample content, document 2 §1): one to act on, or for information. */
export interface PortalAlert {
  id: string;
  level: 'warning' | 'info';
  text: string;
}

/** A partner portal's alerts under their heading, each marked Action or Info. */
export function AlertList({
  headingId,
  alerts,
}: {
  headingId: string;
  alerts: readonly PortalAlert[];
}) {
  return (
    <section className="h-100" aria-labelledby={headingId}>
      <h2 id={headingId} className="h5">
        Alerts
      </h2>
      <ListGroup>
        {alerts.map((alert) => (
          <ListGroup.Item key={alert.id} className="d-flex gap-2 align-items-start">
            <Badge
              bg={alert.level === 'warning' ? 'warning' : 'secondary'}
              text={alert.level === 'warning' ? 'dark' : undefined}
            >
              {alert.level === 'warning' ? 'Action' : 'Info'}
            </Badge>
            <span>{alert.text}</span>
          </ListGroup.Item>
        ))}
      </ListGroup>
    </section>
  );
}

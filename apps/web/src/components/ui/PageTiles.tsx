import { Card, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { pageRoute } from '@anybank/contracts';
import type { PageId } from '@anybank/contracts';

/** A tile of an overview page (document 2 §2). */
export interface PageTile {
  title: string;
  text: string;
  /** The page it opens; tiles without one are not part of the demo and show as unavailable. */
  pageId?: PageId;
}

/** An overview page's tiles: each links to its page, or says it is not in this demo. */
export function PageTiles({
  tiles,
  columns,
}: {
  tiles: readonly PageTile[];
  /** How many tiles a row holds on medium and extra-large screens (one on small ones). */
  columns: { md: number; xl?: number };
}) {
  return (
    <Row xs={1} md={columns.md} xl={columns.xl} className="g-3">
      {tiles.map((tile) => (
        <Col key={tile.title}>
          <Card className={`h-100 ${tile.pageId ? 'shadow-sm' : 'bg-body-tertiary'}`}>
            <Card.Body>
              <h2 className="h5">
                {tile.pageId ? (
                  <Link to={pageRoute(tile.pageId).paths[0] ?? '/'} className="stretched-link">
                    {tile.title}
                  </Link>
                ) : (
                  <span className="text-body-secondary">{tile.title}</span>
                )}
              </h2>
              <p className="mb-0">{tile.text}</p>
              {!tile.pageId && (
                <p className="small text-body-secondary mt-2 mb-0">Not available in this demo</p>
              )}
            </Card.Body>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

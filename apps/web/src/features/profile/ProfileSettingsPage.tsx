import { Card, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { pageRoute } from '@anybank/contracts';
import type { PageId } from '@anybank/contracts';
import { BankingPageLayout } from '../../components/ui/BankingPageLayout';

interface Tile {
  title: string;
  text: string;
  /** The page it opens; tiles without one are not part of the demo. */
  pageId?: PageId;
}

/** Document 2 §2: the six tiles of the overview. */
const TILES: readonly Tile[] = [
  {
    title: 'Personal Details',
    text: 'Your name, address, email and mobile number.',
    pageId: 'profile',
  },
  {
    title: 'Communication Preferences',
    text: 'Whether we may contact you by text message, email or postal mail.',
    pageId: 'communication-preferences',
  },
  {
    title: 'Privacy & Security Settings',
    text: 'Which partners may see your account balances.',
    pageId: 'privacy-security',
  },
  {
    title: 'Sign In & Password',
    text: 'How you sign in to online banking.',
    pageId: 'signin-password',
  },
  { title: 'Alerts', text: 'Balance, payment and security alerts.' },
  { title: 'Account Settings', text: 'Account nicknames, statements and paperless options.' },
];

export function ProfileSettingsPage() {
  return (
    <BankingPageLayout
      pageId="profile-settings"
      description="Manage your personal details, sign-in method, privacy and how we contact you."
    >
      <Row xs={1} md={2} xl={3} className="g-3">
        {TILES.map((tile) => (
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
    </BankingPageLayout>
  );
}

import { Link } from 'react-router';
import { pageRoute } from '@anybank/contracts';
import { NewTabHint } from '../../components/ui/NewTabHint';
import { siteAnalytics } from '../../lib/site-analytics';

const OFFER = 'AnyBank Rewards Visa';

/**
 * Bootstrap's card as its markup: react-bootstrap's `Card` brings its nine parts with it (~2 KB
 * gzip), into the JavaScript of the first page, for one card body.
 */
export function CreditCardPromotion() {
  return (
    <div className="card shadow border-0">
      <div className="card-body p-4">
        <p className="text-uppercase small fw-semibold mb-1 text-body-secondary">New card</p>
        <h2 className="h3">{OFFER}</h2>
        <p>
          Earn points on every purchase, pay no annual fee, and lock your card from the app in
          seconds.
        </p>
        {/* The application confirmation opens beside the home page, as a new tab. */}
        <Link
          to={pageRoute('credit-card').paths[0] ?? '/'}
          target="_blank"
          rel="noopener"
          className="btn btn-primary"
          onClick={() => siteAnalytics.event('select_promotion', { promotion_name: OFFER })}
        >
          Apply now
          <NewTabHint />
        </Link>
      </div>
    </div>
  );
}
